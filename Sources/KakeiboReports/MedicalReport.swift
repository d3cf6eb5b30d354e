import KakeiboValues

/// The year's medical costs as the 医療費控除 wants them (the 国税庁's 医療費集計フォーム): one row per person and
/// payee, the kinds of cost each holds, what was paid and what insurance pays back; then the threshold, the
/// deduction, and the セルフメディケーション税制 alternative for medicine bought over the counter.
///
/// Medical items are those in the category keyed `medical`, and spending in any other category tagged `医療` (a
/// taxi to the hospital, glasses bought under 日用品): each item once. A medical item's subcategory key gives its kind
/// (clinic, dental: 診療・治療; medicine: 医薬品購入; care: 介護保険サービス; anything else: その他の医療費); a
/// tagged item from another category is その他の医療費.
public struct MedicalReport: Sendable {
    /// The form's four kinds of cost, its columns D to G.
    public enum Kind: Int, CaseIterable, Sendable, Comparable {
        case treatment, medicine, care, other

        /// The kind of an item in the medical category, from its subcategory's key.
        public static func of(subcategoryKey key: String?) -> Kind {
            switch key {
            case "clinic", "dental": .treatment
            case "medicine": .medicine
            case "care": .care
            default: .other
            }
        }

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// One row of the form: a person's payments to one payee.
    public struct Row: Sendable, Equatable {
        /// The member who received the care (the item's member); nil when the items name none.
        public let person: String?
        /// The hospital, pharmacy or shop (the item's shop, else its name).
        public let payee: String
        public let kinds: [Kind]
        public let paid: Yen
        public let reimbursed: Yen
        /// The payment date, when the row's items were all paid on one day (the form's column J is optional).
        public let date: CalendarDate?
        public let count: Int
    }

    /// Whether the 医療費控除 or the セルフメディケーション税制 gives the larger deduction.
    public enum Better: Sendable, Equatable { case medical, selfMedication, neither }

    /// The tag that brings an item of any category into the report.
    public static let tag = "医療"

    public static let fixedThreshold = Yen(100_000)
    /// Below this total income the threshold is 5% of it instead of ¥100,000.
    public static let incomeLimit = Yen(2_000_000)
    public static let deductionCap = Yen(2_000_000)
    public static let selfMedicationFloor = Yen(12_000)
    public static let selfMedicationCap = Yen(88_000)

    public let year: Int
    public let rows: [Row]
    public let paid: Yen
    public let reimbursed: Yen
    /// The total income the threshold is taken from: given, or the year's income in the ledger; nil when neither.
    public let income: Yen?
    public let incomeGiven: Bool
    public let threshold: Yen
    /// The 医療費控除: what was paid less what is reimbursed, over the threshold, at most ¥2,000,000.
    public let deduction: Yen
    /// Over-the-counter medicine (the medicine subcategory) less what is reimbursed of it; nil when there is none.
    public let medicine: Yen?
    /// The セルフメディケーション deduction: medicine over ¥12,000, at most ¥88,000; nil without medicine.
    public let selfMedication: Yen?

    /// What was paid, less what insurance pays back.
    public var net: Yen { Yen(max(0, paid.amount - reimbursed.amount)) }
    public var applies: Bool { deduction > .zero }

    public var better: Better {
        let other = selfMedication ?? .zero
        if deduction == .zero && other == .zero { return .neither }
        return other > deduction ? .selfMedication : .medical
    }

    /// The report of `items` (any year's; those of `year` in the medical category are taken). `income` is the
    /// total income given on the command line; without it the year's income items are summed.
    public init(year: Int, items: [Item], taxonomy: Taxonomy, income: Yen?) {
        self.year = year
        let medical = taxonomy.categories.first { $0.key == "medical" }
        func isMedical(_ item: Item) -> Bool { item.category.category == medical?.code }
        let items = items.filter(\.counts)
        let selected = items.filter {
            $0.date.year == year
                && (isMedical($0) || (Tags.contains($0.details.tags, MedicalReport.tag) && !taxonomy.isIncome($0.category)))
        }
        struct Key: Hashable {
            var person: String?
            var payee: String
        }
        var groups: [Key: [Item]] = [:]
        var order: [Key] = []
        for item in selected {
            let key = Key(person: item.details.member, payee: item.details.shop ?? item.name)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(item)
        }
        func kind(_ item: Item) -> Kind {
            guard isMedical(item) else { return .other }
            return Kind.of(subcategoryKey: item.category.subcategory.flatMap { medical?.subcategory(code: $0)?.key })
        }
        rows = order.sorted { ($0.person ?? "", $0.payee) < ($1.person ?? "", $1.payee) }.map { key in
            let items = groups[key] ?? []
            let dates = Set(items.map(\.date))
            return Row(
                person: key.person, payee: key.payee, kinds: Array(Set(items.map(kind))).sorted(),
                paid: items.reduce(.zero) { $0 + $1.price }, reimbursed: items.reduce(.zero) { $0 + ($1.details.reimbursed ?? .zero) },
                date: dates.count == 1 ? dates.first : nil, count: items.count)
        }
        paid = rows.reduce(.zero) { $0 + $1.paid }
        reimbursed = rows.reduce(.zero) { $0 + $1.reimbursed }
        let ledgerIncome = items.filter { $0.date.year == year && taxonomy.isIncome($0.category) }.reduce(Yen.zero) { $0 + $1.price }
        incomeGiven = income != nil
        self.income = income ?? (ledgerIncome > .zero ? ledgerIncome : nil)
        threshold = self.income.map { Yen(min(MedicalReport.fixedThreshold.amount, $0.amount * 5 / 100)) } ?? MedicalReport.fixedThreshold
        let net = Yen(max(0, paid.amount - reimbursed.amount))
        deduction = Yen(min(MedicalReport.deductionCap.amount, max(0, net.amount - threshold.amount)))
        let bought = selected.filter { kind($0) == .medicine }
        if bought.isEmpty {
            medicine = nil
            selfMedication = nil
        } else {
            let otc = max(0, bought.reduce(0) { $0 + $1.price.amount - ($1.details.reimbursed?.amount ?? 0) })
            medicine = Yen(otc)
            selfMedication = Yen(
                min(MedicalReport.selfMedicationCap.amount, max(0, otc - MedicalReport.selfMedicationFloor.amount)))
        }
    }
}
