import KakeiboKit

/// The `kakeibo` command line: parses, dispatches, and maps every failure to one stderr line and an exit code.
public enum Kakeibo {
    public static let version = "0.1.0"

    /// What one run printed and how it ended.
    public struct Outcome: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs the program and exits with its status. A companion executable passes the commands it adds.
    public static func main(companionCommands: [any Command.Type] = []) async -> Never {
        let commands = CommandTable(companionCommands: companionCommands)
        let closed = StandardStreams.Closed.claim()
        let terminal = Terminal.current()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if companionCommands.isEmpty, let companion = companionFor(arguments) {
            closed.release()
            let failure = companion.exec(arguments)
            let language = messageLanguage(arguments, terminal)
            StandardStreams.report(
                "kakeibo: " + terminalSafe(failure.commandLineMessage(in: language), keepingNewlines: true) + "\n", closed: closed)
            exit(failure.exitCode.rawValue)
        }
        let outcome = await run(arguments, terminal: terminal, commands: commands)
        exit(StandardStreams.deliver(outcome, closed: closed, language: messageLanguage(arguments, terminal)))
    }

    /// The language of a message written outside a run: `--lang` if it names one, else the locale's.
    static func messageLanguage(_ arguments: [String], _ terminal: Terminal) -> Language {
        Language(rawValue: preScanLanguage(arguments)?.lowercased() ?? "") ?? Language.fromLocale(terminal.environment)
    }

    public static func run(_ arguments: [String], terminal: Terminal, commands: CommandTable = CommandTable()) async -> Outcome {
        var language = Language.fromLocale(terminal.environment)
        do {
            if let requested = preScanLanguage(arguments) {
                guard let chosen = Language(rawValue: requested.lowercased()) else {
                    throw UsageError.invalidChoice(option: "--lang", value: requested, choices: ["ja", "en"])
                }
                language = chosen
            }
            let parsed = try ParsedArguments.parse(arguments) { commands.find($0)?.info.accepted }
            let clock = try Clock.current(environment: terminal.environment)
            let context = Context(
                terminal: terminal, language: language, clock: clock, storeOption: try parsed[GlobalOptions.store], commands: commands)
            context.lockTimeout = try parsed[GlobalOptions.lockTimeout]
            if parsed[GlobalOptions.version] {
                return Outcome(status: 0, stdout: "kakeibo \(version)\n", stderr: "")
            }
            guard let name = parsed.command, let command = commands.find(name) else {
                return Outcome(status: 0, stdout: HelpText.overview(commands, language), stderr: "")
            }
            if parsed[GlobalOptions.help] {
                return Outcome(status: 0, stdout: HelpText.command(command.info, language), stderr: "")
            }
            context.command = name
            let instance = try command.init(parsed, context)
            try await instance.run(context)
            context.noteCreatedStore()
            return Outcome(status: ExitCode.success.rawValue, stdout: context.output, stderr: context.messages)
        } catch let failure as any KakeiboFailure {
            // Messages quote what they were given (paths, values, names): control characters in it are shown as escapes.
            let message = terminalSafe(failure.commandLineMessage(in: language), keepingNewlines: true)
            return Outcome(status: failure.exitCode.rawValue, stdout: "", stderr: "kakeibo: " + message + "\n")
        } catch let signal as EarlyExit {
            return Outcome(status: signal.status.rawValue, stdout: signal.stdout, stderr: signal.stderr)
        } catch {
            let message = terminalSafe("\(error)", keepingNewlines: true)
            return Outcome(
                status: ExitCode.failure.rawValue, stdout: "", stderr: "kakeibo: " + language.pick("internal error: ", "内部エラー: ") + message + "\n")
        }
    }

    /// The companion that runs this command line, if any (`kakeibo pull …`, `kakeibo help pull`,
    /// `kakeibo import --from zaim …`; but `kakeibo help import` is the built-in command's help).
    static func companionFor(_ arguments: [String]) -> Companion? {
        guard let name = commandName(arguments) else { return nil }
        if name == HelpCommand.name, let index = arguments.firstIndex(of: name), index + 1 < arguments.count {
            return Companion.find(arguments[index + 1], arguments: [])
        }
        return Companion.find(name, arguments: arguments)
    }

    /// The command word: the first argument that is neither a global option nor its value.
    static func commandName(_ arguments: [String]) -> String? {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return index + 1 < arguments.count ? arguments[index + 1] : nil }
            if !ParsedArguments.looksLikeOption(word) { return word }
            let takesValue = GlobalOptions.specs.contains { $0.name == word && $0.value != nil }
            index += takesValue ? 2 : 1
        }
        return nil
    }

    /// Finds `--lang X` or `--lang=X` before full parsing, so even parse errors are in the chosen language.
    static func preScanLanguage(_ arguments: [String]) -> String? {
        for (index, word) in arguments.enumerated() {
            if word == "--" { return nil }
            if word == GlobalOptions.lang.name, index + 1 < arguments.count { return arguments[index + 1] }
            if word.hasPrefix("--lang=") { return String(word.dropFirst(7)) }
        }
        return nil
    }
}

/// A command that finished with output and a status other than success, without an error message of kakeibo's own
/// (for example a check that found a problem and already said so).
struct EarlyExit: Error {
    var status: ExitCode
    var stdout: String
    var stderr: String
}

#if canImport(Glibc)
    import Glibc
#endif
