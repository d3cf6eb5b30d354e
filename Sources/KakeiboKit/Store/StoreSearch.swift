extension LedgerStore {
    /// The items of every month that match the query. Each month file is first folded as bytes and searched for the
    /// folded text; only a file that holds it somewhere (or that writes characters as \u escapes, which kakeibo
    /// never does but a hand edit might) is decoded, so a search over years of history decodes a few months.
    public func search(_ query: SearchQuery) throws(StoreError) -> [Item] {
        try finishInterruptedCommit()
        // Text that JSON escapes (a quote, a backslash) isn't in the file as typed: then every month is decoded.
        let escaped = query.folded.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
        var found: [Item] = []
        for month in try months() where query.mayMatch(month) {
            guard let bytes = try FileSystem.read(path(month)) else { continue }
            if !escaped && !LedgerStore.mayHold(bytes, query.folded) { continue }
            found += try decode(bytes, month).filter(query.matches)
        }
        return found
    }

    /// Whether a month file's folded bytes hold the folded text, or the file has \u escapes that may hide it.
    static func mayHold(_ bytes: [UInt8], _ folded: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { raw in
            let unicodeEscape: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "u")]
            if unicodeEscape.withUnsafeBufferPointer({ TextFold.find($0, in: raw) }) { return true }
            let text = TextFold.fold(raw)
            return text.withUnsafeBufferPointer { hay in folded.withUnsafeBufferPointer { TextFold.find($0, in: hay) } }
        }
    }
}
