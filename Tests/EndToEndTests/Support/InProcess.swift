import Foundation
import KakeiboKit

@testable import KakeiboCLI

extension Sandbox {
    /// Runs a command line in this test process, through `Kakeibo.run` — the same parse, run and outcome the binary
    /// delivers, without starting a process — on the sandbox's store and environment. For the cases that ask nothing
    /// of the process itself (its exit, its streams, signals, the companion): a bad value refused, say.
    @discardableResult
    func runInProcess(_ arguments: [String], environment extra: [String: String] = [:]) -> Run {
        let terminal = Terminal(
            environment: Environment(baseEnvironment.merging(extra) { $1 }), stdoutIsTerminal: false, stderrIsTerminal: false)
        let outcome = Kakeibo.run(arguments, terminal: terminal)
        return Run(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr, signalled: false)
    }

    @discardableResult
    func runInProcess(_ arguments: String...) -> Run { runInProcess(arguments) }
}
