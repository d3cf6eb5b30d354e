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
