import KakeiboValues

/// A dump of a transit IC card's history (docs/ic-card.md): one 16-byte block a line in hex, bytes spaced or not,
/// after an optional index or address (`[3]`, `0000:`), newest first as the card answers; `#` lines are comments,
/// and a line naming the card's IDm (`# IDm: 01 14 A1 …`, `IDm: 0114a1…`) says which card it is.
///
/// What the common tools print is read too: nfcpy's `tag.dump()` (its `Type3Tag … ID=…` line, its service headers,
/// the ASCII column, a folded run of empty blocks), libpafe's `felica_dump` (`0024:0000:…`) and felicalib's `dump`
/// (`090F:0000 …`); blocks of the card's other services are left out. Any other line refuses the whole file, with
/// its line number, as does a block that isn't 16 bytes or whose date is no day.
public struct CardDump: Hashable, Sendable {
    /// The card's IDm (16 upper-case hex digits) when the dump gives it.
    public var idm: String?
    /// The records, newest first (a dump written oldest first is turned round), each with its line in the file;
    /// a block the file repeats is here once.
    public var records: [Line]
    /// Unused (all-zero) blocks: a card with fewer than twenty records answers them.
    public var unused: Int
    /// Blocks of the card's other services, from a tool that dumps them all.
    public var otherServices: Int

    /// A record and the line it was read from.
    public struct Line: Hashable, Sendable {
        public var line: Int
        public var record: TransitRecord
    }

    /// The largest file read as a dump: a whole card dumped by nfcpy is a few dozen kilobytes.
    public static let maximumSize = 1 << 20

    /// The service code of the history (0x090F), and libpafe's number for it (the code shifted right by 6).
    static let historyService: UInt16 = 0x090F

    public static func read(_ bytes: [UInt8]) throws(CardDumpProblem) -> CardDump {
        guard bytes.count <= maximumSize else { throw CardDumpProblem(line: 0, issue: .tooLarge(bytes.count)) }
        var dump = CardDump(idm: nil, records: [], unused: 0, otherServices: 0)
        var idmLine = 0
        // nil outside any service header (a plain dump): blocks are the history's.
        var inHistory: Bool?
        for (number, text) in lines(bytes) {
            switch try classify(text, line: number) {
            case .blank: continue
            case .idm(let idm):
                if let known = dump.idm, known != idm { throw CardDumpProblem(line: number, issue: .secondCard(known, line: idmLine)) }
                dump.idm = idm
                idmLine = number
            case .service(let codes): inHistory = codes.contains(historyService)
            case .fold(let bytes):
                // A folded run of another service's blocks is no concern of the history's.
                guard bytes.allSatisfy({ $0 == 0 }) || inHistory == false else { throw CardDumpProblem(line: number, issue: .foldedRecords) }
            case .block(let bytes, let service):
                guard service.map({ $0 == historyService }) ?? inHistory ?? true else {
                    dump.otherServices += 1
                    continue
                }
                guard bytes.count == 16 else { throw CardDumpProblem(line: number, issue: .length(bytes.count)) }
                let record: TransitRecord?
                do { record = try TransitRecord(bytes) } catch { throw CardDumpProblem(line: number, issue: .record(error)) }
                guard let record else {
                    dump.unused += 1
                    continue
                }
                dump.records.append(Line(line: number, record: record))
            }
        }
        guard !dump.records.isEmpty || dump.unused > 0 else { throw CardDumpProblem(line: 0, issue: .noBlocks) }
        dump.records = try ordered(dump.records)
        return dump
    }

    /// Whether the bytes look like a dump rather than another format: the first line that isn't blank or a comment
    /// is a line only a dump has (an IDm, nfcpy's card or service line) or a block in hex (what follows may still
    /// be refused, with its line number, by `read`). Reads at most the first 64 lines.
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        for (number, text) in lines(bytes.prefix(16 << 10)).prefix(64) {
            switch try? classify(text, line: number) {
            case .blank: continue
            case .idm, .service, .fold: return true
            case .block(let bytes, _): return bytes.count >= 8
            case nil: return false
            }
        }
        return false
    }

    // MARK: Lines

    /// The file's lines, numbered from 1, without a byte order mark, line ends or surrounding blanks.
    static func lines(_ bytes: some Collection<UInt8>) -> [(Int, Substring.UTF8View)] {
        var text = String(decoding: bytes, as: UTF8.self)[...]
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            (index + 1, trimmed(line.utf8))
        }
    }

    static func trimmed(_ text: Substring.UTF8View) -> Substring.UTF8View {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[start...end]
    }

    enum Kind: Equatable {
        case blank
        case idm(String)
        /// An nfcpy service header, with the service codes it names.
        case service([UInt16])
        /// nfcpy's `*` line: a run of blocks like the one shown, folded.
        case fold([UInt8])
        /// A block, with the service a libpafe or felicalib prefix names (nil: none named).
        case block([UInt8], service: UInt16?)
    }

    static func classify(_ line: Substring.UTF8View, line number: Int) throws(CardDumpProblem) -> Kind {
        guard let first = line.first else { return .blank }
        let text = String(Substring(line))
        if first == UInt8(ascii: "#") {
            return try idm(in: text, line: number, required: false).map(Kind.idm) ?? .blank
        }
        if let idm = try idm(in: text, line: number, required: true) { return .idm(idm) }
        if text.hasPrefix("Type3Tag") {
            guard let idm = try self.idm(afterLabel: "ID=", in: text, line: number) else { throw CardDumpProblem(line: number, issue: .notABlock) }
            return .idm(idm)
        }
        if let codes = serviceHeader(text) { return .service(codes) }
        if text.hasPrefix("System ") || text.hasPrefix("Area ") { return .blank } // nfcpy's system and area headers
        if first == UInt8(ascii: "*") { return .fold(try hexBytes(withoutText(line.dropFirst()), line: number)) }
        return try block(line, line: number)
    }

    // MARK: Headers

    /// The IDm a header line gives ("IDm: 01 14 A1 …", "card IDm = 0114…"), nil for a line without one. A line that
    /// is not a comment and names an IDm must give it whole (`required`).
    static func idm(in text: String, line number: Int, required: Bool) throws(CardDumpProblem) -> String? {
        guard let range = text.firstCharacterRange(of: "IDm") ?? text.firstCharacterRange(of: "idm") ?? text.firstCharacterRange(of: "IDM") else {
            return nil
        }
        var rest = text[range.upperBound...].drop { $0 == " " || $0 == "\t" }
        guard let separator = rest.first, separator == ":" || separator == "=" else {
            if required && text.hasPrefix("IDm") { throw CardDumpProblem(line: number, issue: .badIDm) }
            return nil
        }
        rest = rest.dropFirst()
        let hex = rest.filter { $0 != " " && $0 != "\t" }
        guard hex.count == 16, hex.allSatisfy(\.isHexDigit) else {
            if required { throw CardDumpProblem(line: number, issue: .badIDm) }
            return nil
        }
        return hex.uppercased()
    }

    /// nfcpy's `ID=0101…` on its card line.
    static func idm(afterLabel label: String, in text: String, line number: Int) throws(CardDumpProblem) -> String? {
        guard let range = text.firstCharacterRange(of: label) else { return nil }
        let hex = text[range.upperBound...].prefix { $0.isHexDigit }
        guard hex.count == 16 else { throw CardDumpProblem(line: number, issue: .badIDm) }
        return hex.uppercased()
    }

    /// The codes an nfcpy service header names ("Cyclic Service 36: write with key & read w/o key (0x090C 0x090F)").
    static func serviceHeader(_ text: String) -> [UInt16]? {
        guard text.includes("Service "), let open = text.lastIndex(of: "("), text.hasSuffix(")") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let codes = inside.split(separator: " ").compactMap { word -> UInt16? in
            guard word.hasPrefix("0x") else { return nil }
            return UInt16(word.dropFirst(2), radix: 16)
        }
        return codes.isEmpty ? nil : codes
    }

    // MARK: Blocks

    /// A block line: its prefix (`[3]`, `0000:`, libpafe's `0024:0000:`, felicalib's `090F:0000`), then its bytes.
    static func block(_ line: Substring.UTF8View, line number: Int) throws(CardDumpProblem) -> Kind {
        var rest = line
        var service: UInt16?
        if rest.first == UInt8(ascii: "[") {
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")), rest[rest.index(after: rest.startIndex)..<close].allSatisfy(isHexDigit)
            else { throw CardDumpProblem(line: number, issue: .notABlock) }
            rest = rest[rest.index(after: close)...]
        } else if let colon = rest.firstIndex(of: UInt8(ascii: ":")), (1...8).contains(rest.distance(from: rest.startIndex, to: colon)),
            rest[..<colon].allSatisfy(isHexDigit)
        {
            let head = rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            // Four hex digits (the block) and then a colon (libpafe) or a blank (felicalib): `head` names the service.
            if head.count == 4, after.count > 4, after.prefix(4).allSatisfy(isHexDigit), let mark = after.dropFirst(4).first,
                mark == UInt8(ascii: ":") || mark == UInt8(ascii: " ")
            {
                let code = UInt16(hexValue(head))
                service = mark == UInt8(ascii: ":") ? code << 6 | 0x0F : code // libpafe prints the service's number
                rest = after.dropFirst(5)
            } else {
                rest = after
            }
        }
        return .block(try hexBytes(withoutText(rest), line: number), service: service)
    }

    /// The bytes without the ASCII column nfcpy and TagInfo print after them (`|....2j.x.t(....P|`), which may itself
    /// hold a `|`.
    static func withoutText(_ text: Substring.UTF8View) -> Substring.UTF8View {
        guard text.last == UInt8(ascii: "|"), let bar = text.firstIndex(of: UInt8(ascii: "|")) else { return text }
        return text[..<bar]
    }

    /// Hex digits, in pairs or runs of pairs separated by blanks.
    static func hexBytes(_ text: Substring.UTF8View, line number: Int) throws(CardDumpProblem) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in text {
            if character == 0x20 || character == 0x09 {
                guard high == nil else { throw CardDumpProblem(line: number, issue: .halfByte) }
                continue
            }
            guard let value = hexDigit(character) else { throw CardDumpProblem(line: number, issue: .hexDigit(character)) }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        guard high == nil else { throw CardDumpProblem(line: number, issue: .halfByte) }
        return bytes
    }

    static func isHexDigit(_ character: UInt8) -> Bool { hexDigit(character) != nil }

    static func hexDigit(_ character: UInt8) -> UInt8? {
        switch character {
        case 0x30...0x39: character - 0x30
        case 0x41...0x46: character - 0x41 + 10
        case 0x61...0x66: character - 0x61 + 10
        default: nil
        }
    }

    static func hexValue(_ digits: Substring.UTF8View) -> Int { digits.reduce(0) { $0 << 4 | Int(hexDigit($1) ?? 0) } }

    // MARK: Order

    /// The records newest first: a file written oldest first is turned round; a block repeated (two reads pasted
    /// together) is kept once, and two different blocks with one number and day refuse the file.
    static func ordered(_ lines: [Line]) throws(CardDumpProblem) -> [Line] {
        var lines = lines
        if lines.count > 1, zip(lines, lines.dropFirst()).allSatisfy({ $1.record.follows($0.record) }) { lines.reverse() }
        var seen: [String: Line] = [:]
        var kept: [Line] = []
        for line in lines {
            let key = "\(line.record.sequence) \(line.record.date)"
            if let earlier = seen[key] {
                guard earlier.record == line.record else {
                    throw CardDumpProblem(line: line.line, issue: .conflict(line.record.sequence, line: earlier.line))
                }
                continue
            }
            seen[key] = line
            kept.append(line)
        }
        return kept
    }
}

/// Why a dump was refused, and on which line (0: the file as a whole).
public struct CardDumpProblem: Error, Equatable, Sendable {
    public var line: Int
    public var issue: Issue

    public enum Issue: Equatable, Sendable {
        case tooLarge(Int)
        case noBlocks
        case notABlock
        case hexDigit(UInt8)
        case halfByte
        case length(Int)
        case record(TransitRecordProblem)
        case badIDm
        /// A second, different IDm; the first was on `line`.
        case secondCard(String, line: Int)
        /// A run of folded blocks that are not empty: which records they hold can't be known.
        case foldedRecords
        /// Two different blocks with one sequence number and day; the other is on `line`.
        case conflict(Int, line: Int)
    }

    public init(line: Int, issue: Issue) {
        self.line = line
        self.issue = issue
    }

    public func message(in language: Language) -> String {
        let at = line > 0 ? language.pick("line \(line): ", "\(line) 行目: ") : ""
        return at + issueMessage(language)
    }

    private func issueMessage(_ language: Language) -> String {
        let expected = language.pick(
            "a block is 16 bytes in hex, one a line, after an optional 0000: or [3]", "1 行に 1 ブロック、16 バイトの 16 進（先頭に 0000: や [3] があってもよい）")
        switch issue {
        case .tooLarge(let size):
            return language.pick(
                "\(size) bytes is too large for a card's dump (at most \(CardDump.maximumSize))",
                "カードのダンプとしては大きすぎます（\(size) バイト、上限 \(CardDump.maximumSize)）")
        case .noBlocks: return language.pick("no history blocks: ", "履歴のブロックがありません: ") + expected
        case .notABlock: return language.pick("not a history block: ", "履歴のブロックではありません: ") + expected
        case .hexDigit(let character):
            let shown = (0x21..<0x7F).contains(character) ? "'\(Character(Unicode.Scalar(character)))'" : "byte \(character)"
            return language.pick("\(shown) is not a hex digit (\(expected))", "\(shown) は 16 進の数字ではありません（\(expected)）")
        case .halfByte: return language.pick("an odd number of hex digits: ", "16 進の桁数が奇数です: ") + expected
        case .length(let count): return language.pick("\(count) bytes, not 16", "\(count) バイトです（16 バイトが必要）")
        case .record(let problem): return TransitRecordMessages.message(problem, language)
        case .badIDm: return language.pick("the IDm must be 16 hex digits", "IDm は 16 桁の 16 進数が必要です")
        case .secondCard(let first, let line):
            return language.pick(
                "a second card's IDm (line \(line) gave \(first)): one card a dump", "2 枚目のカードの IDm です（\(line) 行目は \(first)）。ダンプは 1 枚ずつにしてください")
        case .foldedRecords:
            return language.pick(
                "a folded run of blocks that are not empty ('*'): dump the card without folding",
                "空でないブロックが '*' で省略されています。省略せずにダンプしてください")
        case .conflict(let sequence, let line):
            return language.pick(
                "record \(sequence) differs from the one on line \(line) with the same number and day",
                "履歴 \(sequence) が \(line) 行目の同じ番号・日付の履歴と食い違っています")
        }
    }
}

/// The words for a block that can't be read.
enum TransitRecordMessages {
    static func message(_ problem: TransitRecordProblem, _ language: Language) -> String {
        switch problem {
        case .length(let count): return language.pick("\(count) bytes, not 16", "\(count) バイトです（16 バイトが必要）")
        case .month(let month, let high, let low):
            return language.pick(
                "month \(month) is no month (date bytes \(TransitRecord.hex([high])) \(TransitRecord.hex([low])))",
                "\(month) 月はありません（日付のバイト \(TransitRecord.hex([high])) \(TransitRecord.hex([low]))）")
        case .day(let year, let month, let day, let high, let low):
            let date = "\(year)-\(pad(month))-\(pad(day))"
            return language.pick(
                "\(date) is not a date (date bytes \(TransitRecord.hex([high])) \(TransitRecord.hex([low])))",
                "\(date) という日付はありません（日付のバイト \(TransitRecord.hex([high])) \(TransitRecord.hex([low]))）")
        }
    }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
}
