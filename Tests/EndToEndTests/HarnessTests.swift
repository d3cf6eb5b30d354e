import Foundation
import Testing

/// The harness itself: what a test gives a child never ends the test process.
@Suite struct HarnessTests {
    /// `true` reads none of its 1 MB of stdin (more than a pipe holds) and exits: the write fails, and the tests go on.
    @Test func aChildThatReadsNoInputDoesNotEndTheTests() throws {
        let run = try Sandbox.launch(
            URL(fileURLWithPath: "/bin/true"), [], environment: [:], stdin: Data(repeating: 0x41, count: 1 << 20))
        #expect(run.status == 0 && !run.signalled)
    }
}
