/// The one table of what syncs: every limit and every normalisation that kakeibo and the household server apply to
/// an item's text and date. server/Code.gs holds the same table as `LIMITS` (a test compares the two), so a value
/// kakeibo takes at entry is one the server takes and leaves as it is: it settles at the first sync.
///
/// - Text is trimmed of `space` at both ends, then put in Unicode's composed form (NFC); then any `control`
///   character refuses it, and its length is counted in Unicode code points (an emoji joined of several, a flag or a
///   skin tone counts as several).
/// - `entry` is the most kakeibo takes from a person or an import; `server` the most the server takes from any
///   client. kakeibo's is never more than the server's.
public enum SyncLimits {
    /// How lengths are counted, on both sides.
    public static let unit = "code points after trimming and NFC"

    /// What is trimmed from both ends: what JavaScript's trim() takes (so the server's own trimming changes nothing
    /// kakeibo sends), Unicode's White_Space, and U+FEFF (a byte order mark or zero-width no-break space).
    public static let space: [ClosedRange<UInt32>] = [
        0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
        0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ]

    /// What refuses a text anywhere in it: C0, DEL, C1, and the line and paragraph separators.
    public static let control: [ClosedRange<UInt32>] = [0x00...0x1F, 0x7F...0x9F, 0x2028...0x2029]

    /// The longest text of each field, in code points: kakeibo's at entry, the server's.
    public static let lengths: [(field: String, entry: Int, server: Int)] = [
        ("id", 200, 200), ("name", 30, 200), ("payment", 30, 30), ("shop", 30, 30), ("memo", 100, 100), ("member", 30, 30),
        ("tag", 20, 40),
    ]

    /// The most tags an item carries.
    public static let tags = (entry: 10, server: 10)

    /// The largest price (either way) and amount paid back, in yen.
    public static let price = (entry: 9_999_999_999, server: 1_000_000_000_000)
    public static let reimbursed = (entry: 9_999_999_999, server: 9_999_999_999)

    /// The dates an item may have: the server's sheet takes none before 1900, nor a month it can't be asked for.
    public static let firstDate = CalendarDate(year: 1900, month: 1, day: 1)!
    public static let lastDate = CalendarDate(year: 2999, month: 12, day: 31)!

    /// The entry limit of a field.
    public static func entry(_ field: String) -> Int { lengths.first { $0.field == field }?.entry ?? 0 }

    public static func isSpace(_ scalar: Unicode.Scalar) -> Bool { space.contains { $0.contains(scalar.value) } }

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool { control.contains { $0.contains(scalar.value) } }

    /// The text as it syncs: trimmed of `space`, in NFC.
    public static func normalized(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !isSpace($0) })!
        let trimmed = start == scalars.startIndex && end == scalars.index(before: scalars.endIndex) ? text : String(scalars[start...end])
        return composed(trimmed)
    }

    /// The text in NFC. Most text is NFC already and is passed through after one look at its scalars; the rest goes
    /// through the standard library's own normaliser (the one String comparison uses), so no table is carried here.
    public static func composed(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy(isComposedAlone) { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// Whether a scalar is in NFC whatever comes before or after it: it neither decomposes nor combines with its
    /// neighbour (ASCII, Latin-1 and Latin Extended, kana without the combining voicing marks, CJK ideographs,
    /// full- and half-width forms, emoji and the joiners they use). A test holds every scalar here equal to its NFC.
    static func isComposedAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x2FF, 0x3000...0x3098, 0x309B...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xFF00...0xFFEF, 0x200D, 0xFE0F,
            0x1F000...0x1FAFF:
            return true
        default: return false
        }
    }

    /// Whether a date is one the server takes.
    public static func takes(_ date: CalendarDate) -> Bool { date >= firstDate && date <= lastDate }

    /// Whether a month (a fixed cost's skip, a schedule's start or end) is one whose days an item may have.
    public static func takes(_ month: YearMonth) -> Bool { month >= firstDate.yearMonth && month <= lastDate.yearMonth }
}
