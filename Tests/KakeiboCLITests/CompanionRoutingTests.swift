import Foundation
import KakeiboKit
import Testing

@testable import KakeiboCLI

/// Which binary runs a command line, read from the command's one declaration (`CommandInfo.runs`): the sync commands
/// (`runs: .network`) run in kakeibo-companion, the one binary with a `Network`; everything else — every import and `reconcile` (Shift_JIS needs no Foundation), help
/// for every command — stays in `kakeibo`.
@Suite struct CompanionRoutingTests {
    let terminal = Terminal(environment: ["HOME": "/nonexistent"], stdoutIsTerminal: false, stderrIsTerminal: false)

    /// Where `kakeibo` runs this command line: "kakeibo", "companion", or "answered" (help, an error).
    func route(_ arguments: [String]) -> String {
        switch Kakeibo.prepare(arguments, terminal: terminal, commands: CommandTable()) {
        case .finished: "answered"
        case .ready: "kakeibo"
        case .companion: "companion"
        }
    }

    @Test func theSyncCommandsRunInTheCompanion() {
        for arguments in [["pull", "2024"], ["push"], ["sync", "prev"], ["--lang", "en", "sync"]] {
            #expect(route(arguments) == "companion", "\(arguments)")
        }
        #expect(route(["month", "2024", "12"]) == "kakeibo")
    }

    /// Every format is read in `kakeibo` itself: statements and other apps' exports too (Shift_JIS by table). (An
    /// import's command line is checked against its files, read when the command is made: one that is not there is
    /// answered here, as any refusal.)
    @Test func everyImportAndReconcileRunInKakeibo() {
        for command in [ImportCommand.info, StatementDeclarations.reconcile] {
            #expect({ if case .kakeibo = command.runs { true } else { false } }(), "\(command.name)")
        }
        #expect(route(["import", "--from", "zaim", "/nonexistent/Zaim.csv"]) == "answered")
        for arguments in [["reconcile", "x.csv"], ["reconcile", "--add", "x.csv"], ["reconcile", "--from", "paypay", "-"]] {
            #expect(route(arguments) == "kakeibo", "\(arguments)")
        }
    }

    /// `kakeibo` carries every command's declaration, so help for the companion's commands needs no companion.
    @Test func helpForEveryCommandIsAnsweredHere() {
        for arguments in [["pull", "--help"], ["import", "--from", "zaim", "--help"], ["--help"]] {
            #expect(route(arguments) == "answered", "\(arguments)")
        }
        #expect(route(["help", "pull"]) == "kakeibo" && route(["help", "import"]) == "kakeibo", "the help command, here")
        let help = HelpText.command(ImportCommand.info, .en)
        for option in ["--from kakeibo|server|moneyforward|zaim", "--mapping FILE", "--category CAT[/SUB]"] { #expect(help.contains(option)) }
    }

    /// One list of commands, each declared once with where it runs, and each one's code in both binaries.
    @Test func everyCommandIsDeclaredOnceWithWhereItRuns() {
        let declarations = CommandTable().declarations
        let network = declarations.filter { if case .network = $0.runs { true } else { false } }.map(\.name)
        #expect(network == ["pull", "push", "sync"])
        #expect(Set(declarations.map(\.name)).count == declarations.count)
        let companion = CommandTable(network: Self.unreachable)
        for command in declarations {
            #expect(CommandTable().implementation(command.name) != nil && companion.implementation(command.name) != nil, "\(command.name)")
        }
        #expect(companion.binary == .companion && CommandTable().binary == .kakeibo)
    }

    /// A network that answers nothing: what a command declared `runs: .network` needs to be run here.
    static let unreachable = Network { settings in SyncConnection(settings: settings, app: Unreachable(), changes: Unreachable()) }

    /// A command declared `runs: .network` runs where there is a `Network` (the companion) and is handed over where
    /// there is none (`kakeibo`): its code is the same in both.
    @Test func aNetworkCommandRunsWhereTheNetworkIs() {
        let arguments = ["pull", "2024", "12", "--endpoint", "http://127.0.0.1:9/exec"]
        guard case .ready(let command, _) = Kakeibo.prepare(arguments, terminal: terminal, commands: CommandTable(network: Self.unreachable)) else {
            Issue.record("the companion handed a network command over")
            return
        }
        #expect(command is PullCommand)
        #expect(route(arguments) == "companion")
    }

    /// In-process (the tests' `Kakeibo.run`) a command line for the companion fails as a missing companion would.
    @Test func aRunInsideAnotherProgramSaysWhereTheCommandRuns() {
        let outcome = Kakeibo.run(["sync"], terminal: terminal)
        #expect(outcome.status == 1)
        #expect(outcome.stderr == "kakeibo: this command runs in kakeibo-companion, not here\n")
    }

    @Test func theBuiltInImportRefusesConverterOptionsForJSON() throws {
        let json = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-\(UUID().uuidString).json")
        try Data(#"[{"id":"s1","date":"20241203","name":"a","price":1,"category":0,"categorySub":1}]"#.utf8).write(to: json)
        defer { try? FileManager.default.removeItem(at: json) }
        let outcome = Kakeibo.run(["import", json.path, "--mapping", "m.json"], terminal: terminal)
        #expect(outcome.status == 2)
        #expect(outcome.stderr.hasPrefix("kakeibo: option --mapping is for other apps' exports and statements, not kakeibo's JSON"))
    }

    /// `swift run kakeibo sync` on a fresh clone: the companion is built beside `kakeibo` only when `kakeibo` runs from
    /// a SwiftPM build directory of its own package.
    @Test func theCompanionIsBuiltOnlyInsideThisPackagesBuildDirectory() {
        let package = "/src/kakeibo"
        let isFile = { (path: String) in path == package + "/Package.swift" }
        let isDirectory = { (path: String) in path == package + "/Sources/kakeibo-companion" }
        let build = SwiftPMBuild(executable: package + "/.build/x86_64-unknown-linux-gnu/debug/kakeibo", isFile: isFile, isDirectory: isDirectory)
        #expect(build?.root == package && build?.scratch == package + "/.build" && build?.configuration == "debug")
        #expect(
            build?.arguments == [
                "build", "--package-path", package, "--scratch-path", package + "/.build", "-c", "debug", "--product", "kakeibo-companion",
            ])
        #expect(
            SwiftPMBuild(executable: package + "/.build/aarch64-unknown-linux-gnu/release/kakeibo", isFile: isFile, isDirectory: isDirectory)?
                .configuration == "release")
        for installed in ["/usr/local/bin/kakeibo", package + "/bin/kakeibo", package + "/.build/debug/kakeibo", "/x/.build/t/debug/kakeibo"] {
            #expect(SwiftPMBuild(executable: installed, isFile: isFile, isDirectory: isDirectory) == nil, "\(installed)")
        }
        #expect(
            SwiftPMBuild(executable: package + "/.build/t/debug/kakeibo", isFile: isFile, isDirectory: { _ in false }) == nil, "not kakeibo's package"
        )
    }
}

/// A transport that never reaches anything.
struct Unreachable: HTTPTransport {
    func send(_ request: HTTPRequest) throws(ServerProblem) -> HTTPResponse { throw .other("unreachable") }
}
