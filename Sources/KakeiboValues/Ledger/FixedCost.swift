/// A cost (or income) that comes back on a known day (固定費): rent on the 27th each month, insurance on 1 April each
/// year, water every two months, 自動車税 in May, a bonus in June and December. `kakeibo fixed post` records each
/// month's as an item, once. Income is a cost in an income category.
public struct FixedCost: Hashable, Sendable {
    /// Made from the name (see `ruleID`), so two machines that add the same rule give it the same id.
    public var id: String
    public var name: String
    public var price: Yen
    /// 1–31; a day past a month's end means its last day.
    public var day: Int
    /// The months of the year (1–12, ascending, each once) it falls due in; empty for every month.
    public private(set) var months: [Int]
    /// Every this many months (1 = each month), counted from `from`.
    public private(set) var every: Int
    /// The first month it falls due in (and where `every` counts from); nil since always.
    public private(set) var from: YearMonth?
    /// The last month it may fall due in; nil for no end.
    public private(set) var until: YearMonth?
    public var category: CategoryCode
    /// How it is paid (an account, as `--payment` names it) and whose it is: its items carry them.
    public var payment: String?
    public var member: String?

    /// The one month (1–12) of a yearly cost; nil for any other schedule.
    public var month: Int? { months.count == 1 && every == 1 ? months[0] : nil }

    /// Whether it is monthly or yearly in one month, with no start or end: what a schema-1 fixed.json can hold.
    public var isPlain: Bool { months.count <= 1 && every == 1 && from == nil && until == nil }

    public init(name: String, price: Yen, day: Int, month: Int?, category: CategoryCode) {
        self.id = FixedCost.ruleID(name)
        self.name = name
        self.price = price
        self.day = day
        self.months = month.map { [$0] } ?? []
        self.every = 1
        self.category = category
    }

    /// A cost on any schedule. `months` and `every` > 1 don't mix; `every` > 1 counts from `from`, so it needs one.
    public init(
        name: String, price: Yen, day: Int, months: [Int], every: Int, from: YearMonth?, until: YearMonth?, category: CategoryCode
    ) throws(FixedScheduleError) {
        if let bad = months.first(where: { !(1...12).contains($0) }) { throw .month(String(bad)) }
        guard every >= 1 else { throw .every(every) }
        guard every == 1 || months.isEmpty else { throw .everyWithMonths }
        guard every == 1 || from != nil else { throw .everyWithoutFrom }
        if let from, let until, until < from { throw .untilBeforeFrom(from: from, until: until) }
        self.init(name: name, price: price, day: day, month: nil, category: category)
        self.months = Array(Set(months)).sorted()
        self.every = every
        self.from = from
        self.until = until
    }

    /// 8 hex digits of a hash of the name's bytes.
    public static func ruleID(_ name: String) -> String {
        let hash = Fingerprint(of: Array(name.utf8)).hash
        return String(String(hash, radix: 16).leftPadded(to: 16).prefix(8))
    }

    /// The day it falls due in a calendar month, or nil in a month its schedule skips.
    public func due(in month: YearMonth) -> CalendarDate? {
        if !months.isEmpty, !months.contains(month.month) { return nil }
        if let from, month < from { return nil }
        if let until, until < month { return nil }
        if every > 1, let from, (FixedCost.monthNumber(month) - FixedCost.monthNumber(from)) % every != 0 { return nil }
        return CalendarDate(year: month.year, month: month.month, day: min(day, month.days))
    }

    /// Parses `--months 6,12` as people type it: months 1–12 split by "," (full-width "，" and "、" too).
    public static func parseMonths(_ text: String) throws(FixedScheduleError) -> [Int] {
        let normalized = text.replacingEvery("，", with: ",").replacingEvery("、", with: ",")
        var months: [Int] = []
        for part in normalized.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = TypedNumber.digits(trimWhitespace(String(part)))
            guard digits.count <= 2, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let month = Int(digits), (1...12).contains(month) else {
                throw .month(String(part.prefix(20)))
            }
            months.append(month)
        }
        return months
    }

    /// Parses `--from 2025-01` (full-width digits too).
    public static func parseYearMonth(_ text: String, option: String) throws(FixedScheduleError) -> YearMonth {
        guard let month = YearMonth.parseISO(TypedNumber.digits(trimWhitespace(text)).replacingEvery("－", with: "-")) else {
            throw .yearMonth(option: option, String(text.prefix(20)))
        }
        // A month the household's items can't be in (1899-12, 3000-01) is refused as such a date is (`add`).
        guard SyncLimits.takes(month) else { throw .monthOutsideSync(option: option, month) }
        return month
    }

    /// Months since year 0, so that a difference counts months across years.
    static func monthNumber(_ month: YearMonth) -> Int { month.year * 12 + month.month - 1 }

    /// The id of the item that records it on `date`: it depends only on the rule and the month, so posting twice, or
    /// on two machines, gives the same item.
    public func itemID(on date: CalendarDate) -> String { FixedCost.itemIDPrefix + "\(id)-\(date.yearMonth.iso)" }

    /// How the id of every fixed cost's item begins.
    public static let itemIDPrefix = "fixed-"

    /// Every (cost, due date) in a month period: a period spanning two calendar months may hold two of a monthly
    /// cost's days only if its start day and the cost's day allow, and each is its own item.
    public func dueDates(in period: MonthPeriod) -> [CalendarDate] {
        period.files.compactMap { due(in: $0) }.filter(period.contains)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// A month a fixed cost is not posted in: its posting was deleted, or `fixed skip` said so before it was posted
/// (the phone bill already came in from another app). The household's, kept in fixed.json.
public struct FixedSkip: Hashable, Sendable, Comparable {
    /// The cost's id (`FixedCost.id`).
    public let cost: String
    /// The calendar month of the posting's date (as its item id says).
    public let month: YearMonth

    public init(cost: String, month: YearMonth) {
        self.cost = cost
        self.month = month
    }

    /// The skip a posting's item id stands for ("fixed-0d934b28-2024-11"); nil for any other id.
    public init?(itemID: String) {
        guard itemID.hasPrefix(FixedCost.itemIDPrefix) else { return nil }
        let rest = itemID.dropFirst(FixedCost.itemIDPrefix.count)
        guard rest.count == 16, let dash = rest.firstIndex(of: "-"), rest.distance(from: rest.startIndex, to: dash) == 8,
            let month = YearMonth.parseISO(String(rest[rest.index(after: dash)...]))
        else { return nil }
        self.init(cost: String(rest[..<dash]), month: month)
    }

    public static func < (a: FixedSkip, b: FixedSkip) -> Bool { (a.month, a.cost) < (b.month, b.cost) }
}

/// The household's fixed costs, in the order they were added; names are unique. With them, the months each is
/// skipped in.
public struct FixedCosts: Hashable, Sendable {
    public private(set) var all: [FixedCost] = []
    /// The months a cost is not posted in.
    public private(set) var skipped: Set<FixedSkip> = []

    public init(_ all: [FixedCost] = [], skipped: Set<FixedSkip> = []) {
        self.all = all
        self.skipped = skipped
    }

    /// Adds a cost, or replaces the one of the same name.
    public mutating func add(_ cost: FixedCost) {
        if let index = all.firstIndex(where: { $0.id == cost.id }) { all[index] = cost } else { all.append(cost) }
    }

    /// Removes the cost with this id, id prefix or name; returns it.
    public mutating func remove(_ key: String) throws(FixedCostError) -> FixedCost {
        let index = try find(key)
        return all.remove(at: index)
    }

    /// The cost with this id, id prefix or name.
    public func cost(_ key: String) throws(FixedCostError) -> FixedCost { all[try find(key)] }

    func find(_ key: String) throws(FixedCostError) -> Int {
        if let index = all.firstIndex(where: { $0.name == key || $0.id == key }) { return index }
        let matches = all.indices.filter { all[$0].id.hasPrefix(key.lowercased()) && !key.isEmpty }
        guard matches.count == 1 else { throw matches.isEmpty ? .notFound(key) : .ambiguous(key) }
        return matches[0]
    }

    /// Keeps a cost from being posted in a month; false when it was skipped already.
    @discardableResult
    public mutating func skip(_ skip: FixedSkip) -> Bool { skipped.insert(skip).inserted }

    /// The months a cost is skipped in, oldest first.
    public func skipped(_ cost: FixedCost) -> [YearMonth] { skipped.filter { $0.cost == cost.id }.map(\.month).sorted() }

    /// Each cost due in the period with its date, by date then name; a month it is skipped in is left out.
    public func due(in period: MonthPeriod) -> [(cost: FixedCost, date: CalendarDate)] {
        var due: [(cost: FixedCost, date: CalendarDate)] = []
        for cost in all {
            for date in cost.dueDates(in: period) where !skipped.contains(FixedSkip(cost: cost.id, month: date.yearMonth)) {
                due.append((cost, date))
            }
        }
        return due.sorted { a, b in a.date != b.date ? a.date < b.date : a.cost.name < b.cost.name }
    }
}

/// A fixed cost that isn't there to remove (exit 1, as an unknown item id is).
public enum FixedCostError: KakeiboFailure, Equatable {
    case notFound(String)
    case ambiguous(String)
    /// A month the cost's schedule doesn't fall due in (nothing to skip): exit 2.
    case notDue(String, YearMonth)

    public var kind: FailureKind {
        switch self {
        case .notDue: .badInput
        default: .runtime
        }
    }

    public func message(in language: Language) -> String {
        switch self {
        case .notFound(let key):
            return language.pick("no fixed cost is named or has the id '\(quotedInput(key))'", "名前か ID が '\(quotedInput(key))' の固定費はありません")
        case .ambiguous(let key):
            return language.pick(
                "'\(quotedInput(key))' starts more than one fixed cost's id; give more of it",
                "'\(quotedInput(key))' で始まる固定費 ID が複数あります。もっと長く指定してください")
        case .notDue(let name, let month):
            return language.pick(
                "\(terminalSafe(name)) does not fall due in \(month.iso): nothing to skip",
                "\(terminalSafe(name)) は \(month.iso) に支払日がありません（飛ばすものがありません）")
        }
    }
}

/// A schedule that can't be kept (exit 2): "month must be 1–12, got 13".
public enum FixedScheduleError: KakeiboFailure, Equatable {
    case month(String)
    case every(Int)
    case yearlyWithMonths
    case yearMonth(option: String, String)
    /// A month outside the dates an item may have (`SyncLimits`).
    case monthOutsideSync(option: String, YearMonth)
    case everyWithMonths
    case everyWithoutFrom
    case untilBeforeFrom(from: YearMonth, until: YearMonth)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .month(let typed):
            let month = terminalSafe(typed)
            return language.pick("--months: a month must be 1–12, got '\(month)'", "--months: 月は 1〜12 で指定してください（指定: '\(month)'）")
        case .yearMonth(let option, let typed):
            return language.pick(
                "\(option) must be a month as YYYY-MM, e.g. 2025-01, got '\(terminalSafe(typed))'",
                "\(option) は YYYY-MM の形の月で指定してください（例: 2025-01、指定: '\(terminalSafe(typed))'）")
        case .monthOutsideSync(let option, let month):
            let (first, last) = (SyncLimits.firstDate.yearMonth.iso, SyncLimits.lastDate.yearMonth.iso)
            return language.pick(
                "\(option): \(month.iso) is outside \(first) to \(last), the months an item may have (the household server takes no other)",
                "\(option): \(month.iso) は記録できる範囲（\(first)〜\(last)。家計簿サーバーが受け付ける範囲）の外です")
        case .yearlyWithMonths:
            return language.pick(
                "--yearly M is --months M: give one of them", "--yearly M は --months M と同じです。どちらか一方を指定してください")
        case .every(let every):
            return language.pick("--every must be 1 or more months, got \(every)", "--every は 1 以上の月数で指定してください（指定: \(every)）")
        case .everyWithMonths:
            return language.pick(
                "--every and --months don't mix: give every N months, or the months of the year", "--every と --months は同時に指定できません（N か月ごとか、年の中の月か）")
        case .everyWithoutFrom:
            return language.pick("--every needs --from YYYY-MM, the month it counts from", "--every には数え始める月 --from YYYY-MM が必要です")
        case .untilBeforeFrom(let from, let until):
            return language.pick(
                "--until \(until.iso) is before --from \(from.iso)", "--until \(until.iso) が --from \(from.iso) より前です")
        }
    }
}
