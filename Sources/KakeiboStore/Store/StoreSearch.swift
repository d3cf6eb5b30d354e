import KakeiboValues

extension LedgerStore {
    /// The items of every month that match the query. Each month file is folded as bytes (see `TextFold`) and
    /// searched for the folded text; a file without it is passed over, and of a file with it only the item lines
    /// that hold it are decoded (kakeibo writes one item per line). A file not in that shape, or with \u escapes
    /// that could hide the text, is decoded whole.
    public func search(_ query: SearchQuery) throws(StoreError) -> [Item] {
        try search(query, collectingIDs: false).items
    }

    /// `search`, and the id of every item in the store: what the items found must be told apart from when their ids
    /// are shown short (`find`).
    public func searchTellingApart(_ query: SearchQuery) throws(StoreError) -> (items: [Item], ids: [String]) {
        try search(query, collectingIDs: true)
    }

    private func search(_ query: SearchQuery, collectingIDs: Bool) throws(StoreError) -> (items: [Item], ids: [String]) {
        try finishInterruptedCommit()
        // Text that JSON escapes (a quote, a backslash) isn't in the file as typed, and a query of filters alone has
        // no text: then every month is decoded.
        let needle = query.needle
        let escaped = needle.contains { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
        var found: [Item] = []
        var ids: [String] = []
        for month in try months() {
            guard query.mayMatch(month) || collectingIDs, let bytes = try FileSystem.read(path(month)) else { continue }
            if collectingIDs {
                if let lines = LedgerStore.itemIDs(bytes) { ids += lines } else { ids += try decode(bytes, month).map(\.id) }
            }
            guard query.mayMatch(month) else { continue }
            let candidates = escaped || needle.isEmpty ? bytes : LedgerStore.candidateItems(bytes, needle)
            guard let candidates else { continue }
            found += try decode(candidates, month).filter(query.matches)
        }
        return (found, ids)
    }

    /// The ids of a month file's items, read from the start of each item line as kakeibo writes them; nil when the
    /// file is not laid out so, or an id holds an escape (then the file is decoded).
    static func itemIDs(_ bytes: [UInt8]) -> [String]? {
        let opening = Array("{\"id\":\"".utf8)
        var ids: [String] = []
        var lineStart = 0
        var first = true
        while lineStart < bytes.count {
            let end = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            defer { lineStart = end + 1 }
            if first {
                first = false
                guard bytes[lineStart..<end].starts(with: "{\"schema\":".utf8) else { return nil }
                continue
            }
            guard bytes[lineStart..<end].starts(with: opening) else {
                if bytes[lineStart..<end].first == UInt8(ascii: "]") { continue }
                return nil
            }
            let start = lineStart + opening.count
            guard let close = bytes[start..<end].firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }),
                bytes[close] == UInt8(ascii: "\"")
            else { return nil }
            ids.append(String(decoding: bytes[start..<close], as: UTF8.self))
        }
        return ids
    }

    /// The month file cut down to the item lines whose folded text holds `needle`: nil when none does, the file
    /// as it is when it can't be cut safely.
    static func candidateItems(_ bytes: [UInt8], _ needle: [UInt8]) -> [UInt8]? {
        let unicodeEscape: [UInt8] = [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        return bytes.withUnsafeBufferPointer { raw -> [UInt8]? in
            if unicodeEscape.withUnsafeBufferPointer({ TextFold.find($0, in: raw) }) { return bytes }
            let folded = TextFold.fold(raw)
            // Folding keeps every newline, so the folded file's line numbers are the file's.
            var lines: [Int] = []
            folded.withUnsafeBufferPointer { text in
                needle.withUnsafeBufferPointer { pin in
                    var line = 0
                    var counted = 0
                    var position = 0
                    while let at = TextFold.firstIndex(of: pin, in: text, from: position) {
                        line += newlines(text, from: counted, to: at)
                        lines.append(line)
                        guard let end = nextNewline(text, from: at) else { break }
                        line += 1
                        counted = end + 1
                        position = end + 1
                    }
                }
            }
            guard !lines.isEmpty else { return nil }
            return cut(raw, lines: lines) ?? bytes
        }
    }

    /// The file's first line (`{"schema":…,"items":[`), the given item lines, and the closing `]}`; nil when the
    /// file is not laid out as kakeibo writes it.
    private static func cut(_ raw: UnsafeBufferPointer<UInt8>, lines wanted: [Int]) -> [UInt8]? {
        var starts = [0]
        var position = 0
        while let end = nextNewline(raw, from: position) {
            starts.append(end + 1)
            position = end + 1
        }
        func line(_ index: Int) -> ArraySlice<UInt8> {
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : raw.count
            return ArraySlice(UnsafeBufferPointer(rebasing: raw[starts[index]..<end]))
        }
        let header = line(0)
        guard header.starts(with: "{\"schema\":".utf8), header.last == UInt8(ascii: "[") else { return nil }
        var out = Array(header)
        var first = true
        for index in wanted where index > 0 {
            guard index < starts.count else { continue }
            var item = line(index)
            if item.last == UInt8(ascii: ",") { item = item.dropLast() }
            guard item.first != UInt8(ascii: "]") else { continue }
            guard item.starts(with: "{\"id\":".utf8), item.last == UInt8(ascii: "}") else { return nil }
            out += first ? [0x0A] : [UInt8(ascii: ","), 0x0A]
            out += item
            first = false
        }
        out += Array("\n]}\n".utf8)
        return out
    }

    private static func nextNewline(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < text.count, let base = text.baseAddress, let found = memchr(base + start, 0x0A, text.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func newlines(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var count = 0
        var position = start
        while position < end, let newline = nextNewline(text, from: position), newline < end {
            count += 1
            position = newline + 1
        }
        return count
    }
}
