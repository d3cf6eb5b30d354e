/// A process exit status with a documented meaning.
public struct ExitCode: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything worked.
    public static let success = ExitCode(rawValue: 0)
    /// A runtime failure: I/O, an unreadable store, an unknown id.
    public static let failure = ExitCode(rawValue: 1)
    /// A usage error: a bad command, option or value.
    public static let usage = ExitCode(rawValue: 2)
}

/// An error a person can act on: one line in either language, and the exit status it leads to.
///
/// Every layer defines its own error values conforming to this; the command line maps them to stderr and exit codes
/// in one place.
public protocol KakeiboFailure: Error, Sendable {
    var exitCode: ExitCode { get }
    func message(in language: Language) -> String
}
