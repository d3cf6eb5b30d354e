/// What kind of failure an error is, in the library's own terms; the command line decides what each kind means
/// for its exit status.
public enum FailureKind: Sendable, Hashable {
    /// What was asked for is not acceptable as given: a bad value, a malformed file offered as input.
    case badInput
    /// What was asked for is fine, but it could not be done: I/O, an unreadable store, an unknown id.
    case runtime
}

/// An error a person can act on: one line in either language, and what kind of failure it is.
///
/// Every layer defines its own error values conforming to this. Messages say what went wrong and what to do about
/// it in the library's terms; they never name a command or a flag (the command line adds those hints when it
/// shows the error, in one place).
public protocol KakeiboFailure: Error, Sendable {
    var kind: FailureKind { get }
    func message(in language: Language) -> String
}
