import KakeiboCLI

/// A command that waits on the network (pull, push, sync): it awaits rather than blocking a thread.
///
/// It lives here, with the async `main` that runs it, so that nothing `kakeibo` itself links is async: `kakeibo`
/// links neither the concurrency runtime nor libdispatch (a smaller binary, fewer pages touched at every start).
public protocol AwaitingCommand: DeclaredCommand {
    func run(_ context: Context) async throws
}

extension AwaitingCommand {
    public func runOnThisThread(_ context: Context) throws -> Bool { false }
}

extension Kakeibo {
    /// Runs kakeibo-companion: kakeibo's commands plus these (and the import of other apps' exports), which wait on the network; exits with the status.
    public static func main(awaitingCommands: [any DeclaredCommand.Type]) async -> Never {
        let start = Launch(companionCommands: awaitingCommands)
        start.finish(await run(start.arguments, terminal: start.terminal, commands: start.commands))
    }

    /// Runs one command line to its outcome, awaiting a command that waits on the network.
    public static func run(_ arguments: [String], terminal: Terminal, commands: CommandTable) async -> Outcome {
        switch prepare(arguments, terminal: terminal, commands: commands) {
        case .finished(let outcome): return outcome
        case .companion(let context): return failed(CompanionError.notHere, language: context.language) // never: this is the companion
        case .ready(let command, let context):
            guard let awaiting = command as? any AwaitingCommand else { return runOnThisThread(command, context) }
            do {
                try await awaiting.run(context)
                return completed(context)
            } catch {
                return failed(error, language: context.language)
            }
        }
    }
}
