import KakeiboKit
import Testing

@testable import KakeiboCLI

/// Which binary runs a command line, read from the command's one declaration (`CommandInfo.runs`): the sync commands
/// (`runs: .network`) and `reconcile` run in kakeibo-companion; `import` hands other apps' exports and statements to it and reads
/// kakeibo's JSON itself; everything else, help for every command included, stays in `kakeibo`.
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

    @Test func theSyncCommandsAndReconcileRunInTheCompanion() {
        for arguments in [["pull", "2024"], ["push"], ["sync", "prev"], ["--lang", "en", "sync"], ["reconcile", "x.csv"]] {
            #expect(route(arguments) == "companion", "\(arguments)")
        }
        #expect(route(["month", "2024", "12"]) == "kakeibo")
    }

    @Test func importGoesWhereTheFilesFormatIsRead() {
        #expect(route(["import", "--from", "zaim", "Zaim.csv"]) == "companion")
        #expect(route(["import", "--from=moneyforward", "mf.csv"]) == "companion")
        #expect(route(["--store", "/tmp/s", "import", "x.csv", "--from", "statement"]) == "companion")
        #expect(route(["import", "--from", "server", "x.json"]) == "kakeibo")
        #expect(route(["import", "backup.json"]) == "kakeibo", "a file that isn't there is reported by the reader")
        #expect(route(["import", "-"]) == "kakeibo", "stdin is kakeibo's JSON unless --from says otherwise")
        #expect(route(["import", "--", "--from"]) == "kakeibo", "after -- it is a file name")
    }

    /// A card's dump is ASCII hex: `--from felica` is read by `kakeibo` itself, without Foundation.
    @Test func aCardDumpStaysInKakeibo() {
        #expect(route(["import", "--from", "felica", "suica.txt"]) == "kakeibo")
        #expect(route(["import", "--from=felica", "suica.txt", "--account", "ICOCA"]) == "kakeibo")
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

    /// One list of commands, each declared once: the companion's too, with the binary that runs them.
    @Test func everyCommandIsDeclaredOnceWithWhereItRuns() {
        let declarations = CommandTable().declarations
        let companion = declarations.filter { if case .companion = $0.runs { true } else { false } }.map(\.name)
        #expect(companion == ["reconcile"])
        let network = declarations.filter { if case .network = $0.runs { true } else { false } }.map(\.name)
        #expect(network == ["pull", "push", "sync"])
        #expect(declarations.filter { if case .chosen = $0.runs { true } else { false } }.map(\.name) == ["import"])
        #expect(Set(declarations.map(\.name)).count == declarations.count)
    }

    /// Every command that may run in the companion is a `CompanionCommand`, so the companion's `main` must give it code
    /// (an exhaustive switch), and only those the built-in table lacks are declared by the case.
    @Test func everyCommandThatRunsInTheCompanionIsOneOfItsCases() {
        let table = CommandTable()
        for command in table.declarations {
            switch command.runs {
            case .kakeibo, .network: continue
            case .companion, .chosen: break
            }
            #expect(CompanionCommand(rawValue: command.name) != nil, "\(command.name)")
        }
        for command in CompanionCommand.allCases {
            let builtIn = CommandTable.builtIn.contains { $0.name == command.rawValue }
            #expect((command.declaration == nil) == builtIn, "\(command.rawValue): declared once, by its case or by the built-in")
            #expect(table.find(command.rawValue) != nil && table.implementation(command.rawValue) == nil || builtIn, "\(command.rawValue)")
        }
    }

    /// The companion runs every command (`kakeibo`'s too); its own replace a built-in of the same name.
    @Test func theCompanionRunsEveryCommandItself() {
        let table = CommandTable(network: Self.unreachable) { $0 == .import ? Replacement.self : MonthCommand.self }
        #expect(table.binary == .companion && CommandTable().binary == .kakeibo)
        #expect(table.implementation("import") is Replacement.Type)
        #expect(table.implementation("month") is MonthCommand.Type)
        #expect(table.implementation("reconcile") is MonthCommand.Type, "the code is found by the case's word, not the code's own name")
        #expect(table.implementation("pull") is PullCommand.Type, "both binaries link the network commands' code")
        let run = Kakeibo.run(["import", "--from", "zaim", "x.csv"], terminal: terminal, commands: table)
        #expect(run.status == 0, "the companion ran it instead of handing it over: \(run.stderr)")
    }

    /// A network that answers nothing: what a command declared `runs: .network` needs to be run here.
    static let unreachable = Network { settings in SyncConnection(settings: settings, app: Unreachable(), changes: Unreachable()) }

    /// A command declared `runs: .network` runs where there is a `Network` (the companion) and is handed over where
    /// there is none (`kakeibo`): its code is the same in both.
    @Test func aNetworkCommandRunsWhereTheNetworkIs() {
        let arguments = ["pull", "2024", "12", "--endpoint", "http://127.0.0.1:9/exec"]
        let withNetwork = CommandTable(network: Self.unreachable) { _ in MonthCommand.self }
        guard case .ready(let command, _) = Kakeibo.prepare(arguments, terminal: terminal, commands: withNetwork) else {
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

    @Test func theBuiltInImportRefusesConverterOptionsForJSON() {
        let outcome = Kakeibo.run(["import", "x.json", "--mapping", "m.json"], terminal: terminal)
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

/// A companion's command with a built-in's name.
struct Replacement: Command {
    static let name = "import"
    static let info = CommandInfo(name: name, summary: LocalizedText(en: "x", ja: "x"))
    init(_ arguments: ParsedArguments, _ context: Context) throws {}
    func run(_ context: Context) throws {}
}
