/// The environment variables a run reads: the process's own, looked up when asked, or a given set (tests, and a
/// run that must see other values than its process's).
///
/// Looked up, not copied: a run reads a handful of variables, and copying all of them into a dictionary (hashing
/// every name) was 4% of `kakeibo month`.
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    private let given: [String: String]?

    /// The process's environment, read at each lookup.
    public static let process = Environment(given: nil)

    private init(given: [String: String]?) { self.given = given }

    public init(_ variables: [String: String]) { given = variables }

    public init(dictionaryLiteral elements: (String, String)...) {
        given = Dictionary(elements) { _, last in last }
    }

    /// The variable's value, or nil when it is not set.
    public subscript(name: String) -> String? {
        if let given { return given[name] }
        return Platform.environmentVariable(name)
    }

    /// Every variable, for a program started with the same environment.
    public var variables: [String: String] {
        if let given { return given }
        var variables: [String: String] = [:]
        for entry in Platform.environmentEntries() {
            let text = entry.utf8
            if let equals = text.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(decoding: text[..<equals], as: UTF8.self)] = String(
                    decoding: text[text.index(after: equals)...], as: UTF8.self)
            }
        }
        return variables
    }

}
