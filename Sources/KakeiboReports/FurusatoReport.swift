import KakeiboValues

/// The year's ふるさと納税 donations, and whether the ワンストップ特例 (one-stop exception) still saves a tax return:
/// it applies only to donations to at most five municipalities a year, each application sent by 10 January of the
/// next year.
///
/// A donation is an item whose id starts `furusato-` (what `furusato add` records, so it syncs as items do): its name
/// is the municipality, and its memo says whether the one-stop application was sent and the receipt's number
/// (`ふるさと納税 · ワンストップ申請済 · 受領証明書 R-123`).
public struct FurusatoReport: Sendable {
    public static let idPrefix = "furusato-"
    public static let memoTitle = "ふるさと納税"
    public static let sentMark = "ワンストップ申請済"
    public static let receiptMark = "受領証明書 "
    /// More municipalities than this in a year and the one-stop exception no longer applies.
    public static let oneStopLimit = 5

    public struct Donation: Sendable, Equatable {
        public let id: String
        public let date: CalendarDate
        public let municipality: String
        public let amount: Yen
        public let member: String?
        /// Whether the one-stop application was sent.
        public let oneStop: Bool
        public let receipt: String?
    }

    public let year: Int
    public let donations: [Donation]
    /// The day the report was made: past the deadline, an unsent application is too late.
    public let today: CalendarDate

    public var total: Yen { donations.reduce(.zero) { $0 + $1.amount } }
    public var municipalities: [String] { Array(Set(donations.map(\.municipality))).sorted() }
    /// Whether the one-stop exception can still apply: at most five municipalities.
    public var oneStopApplies: Bool { municipalities.count <= FurusatoReport.oneStopLimit }
    /// Donations whose one-stop application is still to be sent.
    public var unsent: [Donation] { donations.filter { !$0.oneStop } }
    /// The last day an application for the year's donations reaches the municipality: 10 January of the next year.
    public var deadline: CalendarDate { CalendarDate(year: year + 1, month: 1, day: 10)! }

    /// Whether the deadline for the year's applications has passed.
    public var pastDeadline: Bool { today > deadline }

    public init(year: Int, items: [Item], today: CalendarDate) {
        self.year = year
        self.today = today
        donations = items.filter { $0.id.hasPrefix(FurusatoReport.idPrefix) && $0.date.year == year }
            .sorted { ($0.date, $0.id) < ($1.date, $1.id) }
            .map { item in
                let parts = (item.details.memo ?? "").split(separator: "·").map { trimWhitespace(String($0)) }
                let receipt = parts.first { $0.hasPrefix(FurusatoReport.receiptMark) }.map { String($0.dropFirst(FurusatoReport.receiptMark.count)) }
                return Donation(
                    id: item.id, date: item.date, municipality: item.name, amount: item.price, member: item.details.member,
                    oneStop: parts.contains(FurusatoReport.sentMark), receipt: receipt)
            }
    }

    /// A new donation's id: the prefix, then a random id.
    public static func id(random: String) -> String { idPrefix + random }

    /// The memo a donation is recorded with.
    public static func memo(oneStop: Bool, receipt: String?) -> String {
        ([memoTitle] + (oneStop ? [sentMark] : []) + (receipt.map { [receiptMark + $0] } ?? [])).joined(separator: " · ")
    }

    /// Where donations are filed: a subcategory keyed `furusato` if the taxonomy has one, else the category `taxes`,
    /// else `other`, else the first spending category.
    public static func category(_ taxonomy: Taxonomy) -> CategoryCode {
        for category in taxonomy.categories where category.kind == .spending {
            if let sub = category.subcategories.first(where: { $0.key == "furusato" }) { return CategoryCode(category.code, sub.code) }
        }
        for key in ["taxes", "other"] {
            if let category = taxonomy.categories.first(where: { $0.key == key && $0.kind == .spending }) { return CategoryCode(category.code) }
        }
        return CategoryCode(taxonomy.categories.first { $0.kind == .spending }?.code ?? 0)
    }
}
