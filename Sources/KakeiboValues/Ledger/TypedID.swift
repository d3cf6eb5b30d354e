/// How well an id someone typed names a stored item's id, best first: the whole id, its start, then the same
/// without the source's prefix that kakeibo puts before an imported id ("mfH023" for "mf:mfH023…", as the
/// other app shows it). A lookup keeps the items of the best match found.
public enum TypedID: Int, Comparable, Sendable {
    case whole
    case start
    case wholeWithoutSource
    case startWithoutSource

    /// How `typed` names `id`; nil when it doesn't.
    public static func match(_ typed: String, _ id: String) -> TypedID? {
        guard !typed.isEmpty else { return nil }
        if id == typed { return .whole }
        if id.hasPrefix(typed) { return .start }
        guard let rest = withoutSource(id) else { return nil }
        if rest == typed { return .wholeWithoutSource }
        return rest.hasPrefix(typed) ? .startWithoutSource : nil
    }

    /// The id after its source's prefix (1–8 ASCII letters and a colon: "mf:", "z:", "rc:"), nil without one.
    public static func withoutSource(_ id: String) -> Substring? {
        guard let colon = id.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let source = id.utf8[..<colon]
        guard (1...8).contains(source.count), source.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }) else {
            return nil
        }
        return id[id.utf8.index(after: colon)...]
    }

    /// Of `found` (each with how it matched), the one whose id is the whole text, else every one: a start that
    /// names several items with or without their source's prefix (`ab` of ab111111, mf:ab… and rc:ab…) is ambiguous,
    /// never the first kind's alone.
    public static func best<T>(_ found: [(match: TypedID, value: T)]) -> [T] {
        let whole = found.filter { $0.match == .whole }
        return (whole.isEmpty ? found : whole).map(\.value)
    }

    public static func < (a: TypedID, b: TypedID) -> Bool { a.rawValue < b.rawValue }
}
