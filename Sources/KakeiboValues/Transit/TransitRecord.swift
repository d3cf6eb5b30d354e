/// One record of a transit IC card's history (Suica, PASMO, ICOCA, manaca…): a 16-byte block of the card's cyclic
/// service 0x090F, which the card answers newest first, twenty of them at most.
///
/// The layout is not published (the サイバネ format is confidential); it is what reverse-engineered readers agree on
/// (docs/ic-card.md lists them): byte 0 the terminal, 1 the process, 2 payment, 3 gate; 4–5 the date (7 bits year
/// since 2000, 4 bits month, 5 bits day, big-endian); 6–9 entry and exit line and station (for a shop purchase the
/// time and the terminal's id, for a bus the operator and the stop); 10–11 the balance after it, little-endian;
/// 13–14 the record's sequence number, big-endian; 15 the areas of the entry (bits 7–6) and exit (bits 5–4) stations.
public struct TransitRecord: Hashable, Sendable {
    /// The block as the card holds it.
    public let bytes: [UInt8]
    public let date: CalendarDate

    /// Reads a block; nil for an unused one (all zero). Refused when it isn't 16 bytes or its date is no day.
    public init?(_ bytes: [UInt8]) throws(TransitRecordProblem) {
        guard bytes.count == 16 else { throw .length(bytes.count) }
        if bytes.allSatisfy({ $0 == 0 }) { return nil }
        let year = Int(bytes[4] >> 1) + 2000
        let month = Int(bytes[4] & 1) << 3 | Int(bytes[5] >> 5)
        let day = Int(bytes[5] & 0x1F)
        guard (1...12).contains(month) else { throw .month(month, bytes[4], bytes[5]) }
        guard let date = CalendarDate(year: year, month: month, day: day) else { throw .day(year, month, day, bytes[4], bytes[5]) }
        self.bytes = bytes
        self.date = date
    }

    /// The kind of machine that wrote it (改札機 0x16, 物販端末 0xC7…).
    public var terminal: UInt8 { bytes[0] }
    /// What was done (0x01 a fare at the exit gate, 0x02 a charge…), the cash bit (0x80) included.
    public var process: UInt8 { bytes[1] }
    /// The balance after it, in yen.
    public var balance: Int { Int(bytes[10]) | Int(bytes[11]) << 8 }
    /// The card's number for the record (履歴連番), 0–65535.
    public var sequence: Int { Int(bytes[13]) << 8 | Int(bytes[14]) }
    /// The areas the entry and exit station codes belong to: 0 JR and Kantō, 1 Chūbu, 2 Kansai, 3 elsewhere.
    public var entryArea: Int { Int(bytes[15] >> 6) }
    public var exitArea: Int { Int(bytes[15] >> 4 & 3) }

    public var kind: TransitKind { TransitKind(process: process, terminal: terminal) }

    /// Bytes 6–7 and 8–9 as a rail record holds them: line and station codes, with the area of each.
    public var entry: StationCode { StationCode(area: entryArea, line: Int(bytes[6]), station: Int(bytes[7])) }
    public var exit: StationCode { StationCode(area: exitArea, line: Int(bytes[8]), station: Int(bytes[9])) }

    /// Bytes 6–9 of a shop purchase: the time of day (5 bits hour, 6 bits minute, 5 bits seconds ÷ 2) and the id of
    /// the terminal, as 4 hex digits.
    public var purchaseTime: (hour: Int, minute: Int, second: Int) {
        let time = Int(bytes[6]) << 8 | Int(bytes[7])
        return (time >> 11, time >> 5 & 0x3F, (time & 0x1F) * 2)
    }
    public var terminalID: String { TransitRecord.hex([bytes[8], bytes[9]]) }

    /// Bytes 6–7 and 8–9 of a bus record: the operator's and the stop's codes, as 4 hex digits each.
    public var busOperator: String { TransitRecord.hex([bytes[6], bytes[7]]) }
    public var busStop: String { TransitRecord.hex([bytes[8], bytes[9]]) }

    /// Whether `older` can be the record just before this one on the card: its number is lower by 1 to
    /// `maximumStep` (counting on past 65535) and its day not later. A step over 1 is a number the card skipped.
    public func follows(_ older: TransitRecord) -> Bool {
        let step = (sequence - older.sequence + 65536) % 65536
        return (1...TransitRecord.maximumStep).contains(step) && older.date <= date
    }

    /// The largest gap between the numbers of two records the card answered one after the other that still makes
    /// them neighbours: less than a read's twenty records, so two reads pasted together are never taken for one.
    public static let maximumStep = 16

    /// The block as 32 upper-case hex digits.
    public var hex: String { TransitRecord.hex(bytes) }

    /// Bytes as upper-case hex digits, two a byte.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// A station as a history record names it: its area (from byte 15) and its line and station codes.
public struct StationCode: Hashable, Sendable, Comparable {
    public var area: Int
    public var line: Int
    public var station: Int

    public init(area: Int, line: Int, station: Int) {
        self.area = area
        self.line = line
        self.station = station
    }

    /// "001-216": line and station in decimal, as the ExpenseLog app and the station tables write them.
    public var code: String { StationCode.padded(line) + "-" + StationCode.padded(station) }

    /// No station (a charge's exit bytes).
    public var isNone: Bool { line == 0 && station == 0 }

    public static func < (a: StationCode, b: StationCode) -> Bool { (a.area, a.line, a.station) < (b.area, b.line, b.station) }

    private static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }
}

/// Why a history block can't be read.
public enum TransitRecordProblem: Error, Equatable, Sendable {
    /// Not 16 bytes.
    case length(Int)
    /// Bytes 4–5 give a month outside 1–12.
    case month(Int, UInt8, UInt8)
    /// Bytes 4–5 give a day the month doesn't have.
    case day(Int, Int, Int, UInt8, UInt8)
}
