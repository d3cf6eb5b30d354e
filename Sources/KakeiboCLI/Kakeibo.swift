import KakeiboKit

/// The `kakeibo` command line: parses, dispatches, and maps every failure to one stderr line and an exit code.
package enum Kakeibo {
    package static let version = "0.1.0"

    /// What one run printed and how it ended.
    package struct Outcome: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
        /// The language of the run, for a message written after it (stdout could not be written); nil: the locale's.
        var language: Language?
    }

    /// Runs `kakeibo` and exits with its status. Synchronous, so no thread beyond the main one is ever started.
    package static func main() -> Never {
        let start = Launch(commands: CommandTable())
        start.finish(run(start.arguments, terminal: start.terminal, commands: start.commands, handOver: start.handOver))
    }

    /// Runs kakeibo-companion: kakeibo's commands, with `network` for those that need HTTP; exits with the status.
    /// Synchronous like `kakeibo`'s own: the sync commands wait on URLSession's threads.
    package static func main(network: Network) -> Never {
        let start = Launch(commands: CommandTable(network: network))
        start.finish(run(start.arguments, terminal: start.terminal, commands: start.commands))
    }

    /// What every `main` does around a run: claims the standard streams, and in `kakeibo` itself hands a command line
    /// that the companion runs over to it (exec); then writes the outcome and exits.
    struct Launch {
        let commands: CommandTable
        let closed: StandardStreams.Closed
        let terminal: Terminal
        let arguments: [String]

        init(commands: CommandTable) {
            self.commands = commands
            closed = StandardStreams.Closed.claim()
            terminal = Terminal.current()
            arguments = Array(CommandLine.arguments.dropFirst())
        }

        /// Replaces this process with the companion, run with the same arguments; returns only its failure (the
        /// companion missing and not buildable here, or not runnable).
        func handOver(_ context: Context) -> any KakeiboFailure {
            Companion.run(arguments, context: context) { closed.release() }
        }

        func finish(_ outcome: Outcome) -> Never {
            exit(StandardStreams.deliver(outcome, closed: closed, language: outcome.language ?? .fromLocale(terminal.environment)))
        }
    }

    /// Runs one command line to its outcome. `handOver` runs a command line that the companion runs, in a process
    /// that is not it (in tests: none, and it fails as a missing companion would).
    package static func run(
        _ arguments: [String], terminal: Terminal, commands: CommandTable = CommandTable(),
        handOver: (Context) -> any KakeiboFailure = { _ in CompanionError.notHere }
    ) -> Outcome {
        switch prepare(arguments, terminal: terminal, commands: commands) {
        case .finished(let outcome): return outcome
        case .ready(let command, let context): return conclude(context) { try command.run(context) }
        case .companion(let context): return failed(handOver(context), language: context.language)
        }
    }

    /// A command line parsed into the command to run with its context, handed to the companion, or already
    /// answered (help, version, an error).
    package enum Prepared {
        case finished(Outcome)
        case ready(any Command, Context)
        /// The companion runs it, and this process is `kakeibo`.
        case companion(Context)
    }

    /// Reads the command line once (`ParsedArguments.read`), answers help and version, and finds where the command
    /// runs from its declaration: here, or in the companion.
    package static func prepare(_ arguments: [String], terminal: Terminal, commands: CommandTable) -> Prepared {
        var language = Language.fromLocale(terminal.environment)
        do {
            let parsed = ParsedArguments.read(arguments) { commands.find($0)?.info.accepted }
            if let requested = parsed.values[GlobalOptions.lang.name] {
                guard let chosen = Language(rawValue: requested.lowercased()) else {
                    throw UsageError.invalidChoice(option: GlobalOptions.lang.name, value: requested, choices: ["ja", "en"])
                }
                language = chosen
            }
            if let problem = parsed.problem { throw problem }
            let clock = try Clock.current(environment: terminal.environment)
            let context = Context(
                terminal: terminal, language: language, clock: clock, storeOption: try parsed[GlobalOptions.store], commands: commands)
            context.lockTimeout = try parsed[GlobalOptions.lockTimeout]
            if parsed[GlobalOptions.version] {
                return .finished(Outcome(status: 0, stdout: "kakeibo \(version)\n", stderr: "", language: language))
            }
            guard let name = parsed.command, let declared = commands.find(name) else {
                return .finished(Outcome(status: 0, stdout: HelpText.overview(commands, language), stderr: "", language: language))
            }
            let info = declared.info
            if parsed[GlobalOptions.help] {
                return .finished(Outcome(status: 0, stdout: HelpText.command(info, language), stderr: "", language: language))
            }
            let checked = try info.check(parsed)
            // What a change's backup is called: "budget set".
            context.command = checked.verb.map { name + " " + $0 } ?? name
            // The companion runs every command; `kakeibo` hands over those its declaration says run there.
            if commands.binary == .kakeibo, info.runs.binary == .companion { return .companion(context) }
            guard let command = commands.implementation(name) else { throw CompanionRequired(command: name) }
            return .ready(try command.init(checked, context), context)
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
        return Outcome(status: ExitCode.success.rawValue, stdout: context.output, stderr: context.messages, language: context.language)
    }

    /// One stderr line and an exit code for a failure.
    package static func failed(_ error: any Error, language: Language) -> Outcome {
        switch error {
        case let failure as any KakeiboFailure:
            // Messages quote what they were given (paths, values, names): control characters in it are shown as escapes.
            let message = terminalSafe(failure.commandLineMessage(in: language), keepingNewlines: true)
            return Outcome(status: failure.exitCode.rawValue, stdout: "", stderr: "kakeibo: " + message + "\n", language: language)
        case let signal as EarlyExit:
            return Outcome(status: signal.status.rawValue, stdout: signal.stdout, stderr: signal.stderr, language: language)
        default:
            let message = terminalSafe("\(error)", keepingNewlines: true)
            return Outcome(
                status: ExitCode.failure.rawValue, stdout: "", stderr: "kakeibo: " + language.pick("internal error: ", "内部エラー: ") + message + "\n",
                language: language)
        }
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

/// A command reached a process without its code (a programming error: a command declared to run in the companion
/// whose code this process lacks).
struct CompanionRequired: Error, CustomStringConvertible {
    var command: String?
    var description: String { "\(command ?? "this command") runs only in kakeibo-companion" }
}
