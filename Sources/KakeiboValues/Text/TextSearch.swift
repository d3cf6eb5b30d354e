/// Searching and replacing text by whole characters, as the standard library's `contains(_:)` and
/// `replacing(_:with:)` on strings do for any text made of whole characters (compared with `==`, so canonically
/// equivalent text matches; unlike them, a lone combining mark is not found inside a character). Those two live in
/// _StringProcessing, which brings the regex engine with it: 9,100 symbols and 5,000 relocations that every `kakeibo`
/// run loaded and relocated for ten call sites. The texts searched here are short (a name, a line, a file name).
extension StringProtocol {
    /// Whether `other` occurs in this text, as whole characters (an empty `other` never does, as with `contains`).
    public func includes(_ other: some StringProtocol) -> Bool { firstCharacterRange(of: other) != nil }

    /// Where `other` first occurs, from `start` on.
    package func firstCharacterRange(of other: some StringProtocol, from start: Index? = nil) -> Range<Index>? {
        guard let first = other.first else { return nil }
        var index = start ?? startIndex
        while let found = self[index...].firstIndex(of: first) {
            var mine = found
            var theirs = other.startIndex
            while theirs < other.endIndex, mine < endIndex, self[mine] == other[theirs] {
                formIndex(after: &mine)
                other.formIndex(after: &theirs)
            }
            if theirs == other.endIndex { return found..<mine }
            index = self.index(after: found)
        }
        return nil
    }
}

extension String {
    /// The text with every occurrence of `target` (left to right, not overlapping) replaced by `replacement`.
    public func replacingEvery(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        guard !target.isEmpty, var found = firstCharacterRange(of: target) else { return self }
        var out = ""
        var rest = startIndex
        while true {
            out += self[rest..<found.lowerBound]
            out += replacement
            rest = found.upperBound
            guard let next = firstCharacterRange(of: target, from: rest) else { break }
            found = next
        }
        out += self[rest...]
        return out
    }
}
