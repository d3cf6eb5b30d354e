import KakeiboKit

/// Commands that live in the companion executable beside `kakeibo`, as git runs its subcommands.
///
/// Some commands need modules that are slow to load: FoundationNetworking adds ~20 ms to the start of every process
/// that links it, full Foundation ~10 ms. Keeping those commands in a second binary keeps `kakeibo month` at the
/// standard library's floor. `kakeibo pull …` execs `kakeibo-companion pull …` with the same arguments; the companion
/// runs the same command-line machinery (`Kakeibo.main(awaitingCommands:)`) with its extra commands registered.
public struct Companion: Sendable {
    /// The command's name on the command line.
    public var name: String
    /// The executable beside `kakeibo` that runs it.
    public var executable: String
    /// When set, the companion runs the command only if this option is given, and the built-in command of the same
    /// name runs otherwise: `kakeibo import --from zaim …` needs Foundation, `kakeibo import backup.json` stays fast.
    public var requiredOption: String?
    /// Values of `requiredOption` the built-in command reads itself (`--from felica`: a card's dump is ASCII).
    public var builtInValues: Set<String> = []
    /// The command's declaration, for a command only the companion runs (so `kakeibo` can complete and document it).
    /// Built only when asked for: every run looks its command word up in this table, and only help needs the rest.
    let declaration: @Sendable () -> CommandInfo?
    let fixedSummary: LocalizedText?

    public init(name: String, executable: String, summary: LocalizedText, requiredOption: String? = nil, builtInValues: Set<String> = []) {
        self.name = name
        self.executable = executable
        self.requiredOption = requiredOption
        self.builtInValues = builtInValues
        fixedSummary = summary
        declaration = { nil }
    }

    init(_ name: String, executable: String, info: @escaping @Sendable () -> CommandInfo) {
        self.name = name
        self.executable = executable
        fixedSummary = nil
        declaration = info
    }

    /// One line for `kakeibo --help`.
    public var summary: LocalizedText { fixedSummary ?? declaration()?.summary ?? LocalizedText(en: "", ja: "") }
    public var info: CommandInfo? { declaration() }

    /// The companion's file name: one binary for every command that needs Foundation, so Foundation is on disk once.
    public static let binary = "kakeibo-companion"

    /// Every command that runs in the companion.
    public static let commands: [Companion] = [
        Companion(
            name: "import", executable: Companion.binary,
            summary: LocalizedText(
                en: "Import MoneyForward ME's or Zaim's CSV export, or a card or payment statement",
                ja: "マネーフォワード ME・Zaim の CSV、カード・決済の明細を取り込む"),
            requiredOption: "--from", builtInValues: ImportCommand.builtInSources),
        Companion("reconcile", executable: Companion.binary) { StatementDeclarations.reconcile },
        Companion("pull", executable: Companion.binary) { SyncDeclarations.pull },
        Companion("push", executable: Companion.binary) { SyncDeclarations.push },
        Companion("sync", executable: Companion.binary) { SyncDeclarations.sync },
    ]

    /// Whether some companion adds a command of this name (for recognising the command word).
    static func find(_ name: String) -> Companion? { commands.first { $0.name == name } }

    /// The companion that runs this command line: one for the command whose required option, if any, is given
    /// (as `--from X` or `--from=X`, before any `--`) with a value the built-in command doesn't read itself.
    public static func find(_ name: String, arguments: [String]) -> Companion? {
        let given = Array(arguments.prefix { $0 != "--" })
        return commands.first { companion in
            guard companion.name == name else { return false }
            guard let option = companion.requiredOption else { return true }
            return given.indices.contains { index in
                let word = given[index]
                let value: String
                if word == option {
                    value = index + 1 < given.count ? given[index + 1] : ""
                } else if word.hasPrefix(option + "=") {
                    value = String(word.dropFirst(option.count + 1))
                } else {
                    return false
                }
                return !companion.builtInValues.contains(value.lowercased())
            }
        }
    }

    /// The error for a command line that needs this companion but reached a process without it.
    public func unavailable() -> CompanionError {
        CompanionError(executable: executable, path: FileSystem.join(Companion.ownDirectory(), executable), code: ENOENT)
    }

    /// The directory the running executable is in (so companions are found beside it, wherever it was installed).
    static func ownDirectory() -> String {
        FileSystem.parentDirectory(Platform.executablePath() ?? CommandLine.arguments[0])
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

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        let reason = StoreError.reason(code, language)
        return language.pick(
            "cannot run \(path) (\(reason)); \(executable) must be installed beside kakeibo (scripts/install installs both)",
            "\(path) を実行できません（\(reason)）。\(executable) を kakeibo と同じ場所に置いてください（scripts/install で両方入ります）")
    }
}
