#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KakeiboKit

/// Commands that live in a companion executable beside `kakeibo`, as git runs its subcommands.
///
/// Some commands need modules that are slow to load: FoundationNetworking adds ~20 ms to the start of every process
/// that links it, full Foundation ~10 ms. Keeping those commands in a second binary keeps `kakeibo month` at the
/// FoundationEssentials floor. `kakeibo pull …` execs `kakeibo-sync pull …` with the same arguments; the companion
/// runs the same command-line machinery (`Kakeibo.main(companionCommands:)`) with its extra commands registered.
public struct Companion: Sendable {
    /// The command's name on the command line.
    public var name: String
    /// The executable beside `kakeibo` that runs it.
    public var executable: String
    /// One line for `kakeibo --help`.
    public var summary: LocalizedText

    public init(name: String, executable: String, summary: LocalizedText) {
        self.name = name
        self.executable = executable
        self.summary = summary
    }

    /// Every command that runs in a companion.
    public static let commands: [Companion] = []

    static func find(_ name: String) -> Companion? { commands.first { $0.name == name } }

    /// The directory the running executable is in (so companions are found beside it, wherever it was installed).
    static func ownDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            buffer[count] = 0
            return FileSystem.parentDirectory(String(cString: buffer))
        }
        return FileSystem.parentDirectory(CommandLine.arguments[0])
    }

    /// Replaces this process with the companion, passing the same arguments. Returns only on failure.
    func exec(_ arguments: [String]) -> CompanionError {
        let path = FileSystem.join(Companion.ownDirectory(), executable)
        guard access(path, X_OK) == 0 else { return CompanionError(executable: executable, path: path, code: errno) }
        var argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(path, argv)
        return CompanionError(executable: executable, path: path, code: errno)
    }
}

/// The companion executable is missing or can't be run.
public struct CompanionError: KakeiboFailure {
    var executable: String
    var path: String
    var code: Int32

    public var exitCode: ExitCode { .failure }

    public func message(in language: Language) -> String {
        let reason = String(cString: strerror(code))
        return language.pick(
            "cannot run \(path) (\(reason)); \(executable) must be installed beside kakeibo (swift build builds both)",
            "\(path) を実行できません（\(reason)）。\(executable) を kakeibo と同じ場所に置いてください（swift build で両方できます）")
    }
}
