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

    /// Runs `kakeibo` and exits with its status. Synchronous, so no thread beyond the main one is ever started.
    public static func main() -> Never {
        let start = Launch(companionCommands: [])
        start.finish(run(start.arguments, terminal: start.terminal, commands: start.commands))
    }

    /// What every `main` does around a run: claims the standard streams, and in `kakeibo` itself hands a command line
    /// that belongs to a companion over to it (exec); then writes the outcome and exits.
    package struct Launch {
        package let commands: CommandTable
        let closed: StandardStreams.Closed
        package let terminal: Terminal
        package let arguments: [String]

        package init(companionCommands: [any DeclaredCommand.Type]) {
            commands = CommandTable(companionCommands: companionCommands)
            closed = StandardStreams.Closed.claim()
            terminal = Terminal.current()
            arguments = Array(CommandLine.arguments.dropFirst())
            if companionCommands.isEmpty, let companion = companionFor(arguments) {
                closed.release()
                let failure = companion.exec(arguments)
                StandardStreams.report(
                    "kakeibo: " + terminalSafe(failure.commandLineMessage(in: language), keepingNewlines: true) + "\n", closed: closed)
                exit(failure.exitCode.rawValue)
            }
        }

        var language: Language { messageLanguage(arguments, terminal) }

        package func finish(_ outcome: Outcome) -> Never {
            exit(StandardStreams.deliver(outcome, closed: closed, language: language))
        }
    }

    /// The language of a message written outside a run: `--lang` if it names one, else the locale's.
    static func messageLanguage(_ arguments: [String], _ terminal: Terminal) -> Language {
        Language(rawValue: preScanLanguage(arguments)?.lowercased() ?? "") ?? Language.fromLocale(terminal.environment)
    }

    /// Runs one command line to its outcome. A command that awaits the network can't run here: only kakeibo-companion
    /// registers one, and runs it through its own `async` run (KakeiboSync).
    public static func run(_ arguments: [String], terminal: Terminal, commands: CommandTable = CommandTable()) -> Outcome {
        switch prepare(arguments, terminal: terminal, commands: commands) {
        case .finished(let outcome): return outcome
        case .ready(let command, let context): return runOnThisThread(command, context)
        }
    }

    package static func runOnThisThread(_ command: any DeclaredCommand, _ context: Context) -> Outcome {
        conclude(context) {
            guard try command.runOnThisThread(context) else { throw CompanionRequired(command: context.command) }
        }
    }

    /// A command line parsed into the command to run with its context, or already answered (help, version, an error).
    package enum Prepared {
        case finished(Outcome)
        case ready(any DeclaredCommand, Context)
    }

    package static func prepare(_ arguments: [String], terminal: Terminal, commands: CommandTable) -> Prepared {
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
                return .finished(Outcome(status: 0, stdout: "kakeibo \(version)\n", stderr: ""))
            }
            guard let name = parsed.command, let command = commands.find(name) else {
                return .finished(Outcome(status: 0, stdout: HelpText.overview(commands, language), stderr: ""))
            }
            if parsed[GlobalOptions.help] {
                return .finished(Outcome(status: 0, stdout: HelpText.command(command.info, language), stderr: ""))
            }
            context.command = name
            return .ready(try command.init(parsed, context), context)
        } catch {
            return .finished(failed(error, language: language))
        }
    }

    /// The outcome of running a prepared command: what it wrote, or its failure.
    static func conclude(_ context: Context, _ body: () throws -> Void) -> Outcome {
        do {
            try body()
            return completed(context)
        } catch {
            return failed(error, language: context.language)
        }
    }

    package static func completed(_ context: Context) -> Outcome {
        context.noteCreatedStore()
        return Outcome(status: ExitCode.success.rawValue, stdout: context.output, stderr: context.messages)
    }

    /// One stderr line and an exit code for a failure.
    package static func failed(_ error: any Error, language: Language) -> Outcome {
        switch error {
        case let failure as any KakeiboFailure:
            // Messages quote what they were given (paths, values, names): control characters in it are shown as escapes.
            let message = terminalSafe(failure.commandLineMessage(in: language), keepingNewlines: true)
            return Outcome(status: failure.exitCode.rawValue, stdout: "", stderr: "kakeibo: " + message + "\n")
        case let signal as EarlyExit:
            return Outcome(status: signal.status.rawValue, stdout: signal.stdout, stderr: signal.stderr)
        default:
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
package struct EarlyExit: Error {
    var status: ExitCode
    var stdout: String
    var stderr: String

    /// Ends a command that did its work with a status that isn't success (its output kept).
    package init(status: ExitCode, _ context: Context) {
        self.status = status
        stdout = context.output
        stderr = context.messages
    }

    init(status: ExitCode, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// A command that waits on the network reached a run that can't await it (a programming error: only kakeibo-companion
/// registers such commands, and it runs them through its own `async` run).
struct CompanionRequired: Error, CustomStringConvertible {
    var command: String?
    var description: String { "\(command ?? "this command") runs only in kakeibo-companion" }
}
