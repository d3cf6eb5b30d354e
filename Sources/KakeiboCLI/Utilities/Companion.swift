import KakeiboKit

/// Handing a command line over to kakeibo-companion (see `Binary`): found beside the running `kakeibo`, built
/// there first when it is missing and `kakeibo` runs from a SwiftPM build directory of its own package (`swift run
/// kakeibo sync` on a fresh clone builds only `kakeibo`), then exec'd with the same arguments.
///
/// Some commands need modules that are slow to load (Foundation, FoundationNetworking: docs/performance.md has what
/// each costs every process that links it). Keeping those commands in a second binary keeps `kakeibo month` at the
/// standard library's floor.
enum Companion {
    /// Replaces this process with the companion, after `release` (which gives back the standard streams as they were
    /// given). Returns only on failure.
    static func run(_ arguments: [String], context: Context, release: () -> Void) -> any KakeiboFailure {
        let own = Platform.executablePath() ?? CommandLine.arguments[0]
        let directory = FileSystem.parentDirectory(own)
        let path = FileSystem.join(directory, Binary.companionName)
        if !FileSystem.exists(path), let build = SwiftPMBuild(executable: own) {
            if let failure = build.run(context) { return failure }
        }
        guard access(path, X_OK) == 0 else {
            return CompanionError.missing(path: path, code: errno, command: context.command ?? "", directory: directory)
        }
        release()
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        return CompanionError.cannotRun(path: path, code: errno)
    }
}

/// A `kakeibo` that SwiftPM built inside kakeibo's own package, `<root>/.build/<triple>/<debug|release>/kakeibo`, and
/// how to build the companion beside it.
struct SwiftPMBuild {
    var root: String
    var scratch: String
    var configuration: String

    /// nil unless the executable's path has that shape and `<root>` holds Package.swift and the companion's sources.
    init?(executable: String, isFile: (String) -> Bool = FileSystem.isRegularFile, isDirectory: (String) -> Bool = FileSystem.isDirectory) {
        let configurationDirectory = FileSystem.parentDirectory(executable)
        let scratch = FileSystem.parentDirectory(FileSystem.parentDirectory(configurationDirectory))
        let root = FileSystem.parentDirectory(scratch)
        configuration = FileSystem.lastComponent(configurationDirectory)
        guard ["debug", "release"].contains(configuration), FileSystem.lastComponent(scratch) == ".build", executable.hasPrefix("/"),
            isFile(FileSystem.join(root, "Package.swift")), isDirectory(FileSystem.join(root, "Sources/" + Binary.companionName))
        else { return nil }
        self.root = root
        self.scratch = scratch
    }

    /// `swift build`'s arguments for the companion alone, into the same build directory.
    var arguments: [String] {
        ["build", "--package-path", root, "--scratch-path", scratch, "-c", configuration, "--product", Binary.companionName]
    }

    /// Builds it, saying so on stderr, with the build's own output there too (stdout stays for the command's data).
    func run(_ context: Context) -> (any KakeiboFailure)? {
        let command = "swift " + arguments.joined(separator: " ")
        Terminal.write(
            "kakeibo: "
                + context.language.pick(
                    "building \(Binary.companionName) once, for '\(context.command ?? "")': \(command)\n",
                    "'\(context.command ?? "")' のために \(Binary.companionName) を一度だけビルドします: \(command)\n"),
            to: 2)
        guard let swift = Subprocess.find("swift", path: context.environment.variables["PATH"]) else {
            return CompanionError.buildFailed(command: command, status: nil)
        }
        let status = Subprocess.runBeside(swift, arguments, environment: context.environment)
        return status == 0 ? nil : CompanionError.buildFailed(command: command, status: status)
    }
}

/// kakeibo-companion could not be run: missing beside `kakeibo`, not runnable, or its build failed.
package enum CompanionError: KakeiboFailure {
    case missing(path: String, code: Int32, command: String, directory: String)
    case cannotRun(path: String, code: Int32)
    /// `status` nil: `swift` was not found on PATH.
    case buildFailed(command: String, status: Int32?)
    /// A run inside another program (the tests' `Kakeibo.run`) reached a command the companion runs.
    case notHere

    package var kind: FailureKind { .runtime }

    package func message(in language: Language) -> String {
        let name = Binary.companionName
        switch self {
        case .missing(let path, let code, let command, let directory):
            let reason = StoreError.reason(code, language)
            return language.pick(
                "cannot run \(path) (\(reason)): kakeibo hands this '\(command)' to \(name), which must be installed beside it: from kakeibo's source, run scripts/install \(directory)",
                "\(path) を実行できません（\(reason)）。この '\(command)' は \(name) が実行します。kakeibo のソースで scripts/install \(directory) を実行して、kakeibo と同じ場所に入れてください")
        case .cannotRun(let path, let code):
            let reason = StoreError.reason(code, language)
            return language.pick("cannot run \(path) (\(reason))", "\(path) を実行できません（\(reason)）")
        case .buildFailed(let command, nil):
            return language.pick(
                "\(name) is not built and swift is not on PATH: build it with \(command)",
                "\(name) がビルドされておらず、PATH に swift がありません: \(command) でビルドしてください")
        case .buildFailed(let command, let status?):
            return language.pick(
                "building \(name) failed (exit \(status); its output is above): \(command)",
                "\(name) のビルドに失敗しました（終了コード \(status)。出力は上にあります）: \(command)")
        case .notHere:
            return language.pick("this command runs in \(name), not here", "このコマンドは \(name) で動きます")
        }
    }
}
