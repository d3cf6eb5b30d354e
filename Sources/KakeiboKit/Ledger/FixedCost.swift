/// A cost that comes back on a known day (固定費): rent on the 27th each month, insurance on 1 April each year.
/// `kakeibo fixed post` records each month's as an item, once.
public struct FixedCost: Hashable, Sendable {
    /// Made from the name (see `ruleID`), so two machines that add the same rule give it the same id.
    public var id: String
    public var name: String
    public var price: Yen
    /// 1–31; a day past a month's end means its last day.
    public var day: Int
    /// The one month (1–12) of a yearly cost; nil for a monthly one.
    public var month: Int?
    public var category: CategoryCode

    public init(name: String, price: Yen, day: Int, month: Int?, category: CategoryCode) {
        self.id = FixedCost.ruleID(name)
        self.name = name
        self.price = price
        self.day = day
        self.month = month
        self.category = category
    }

    /// 8 hex digits of a hash of the name's bytes.
    public static func ruleID(_ name: String) -> String {
        let hash = Fingerprint(of: Array(name.utf8)).hash
        return String(String(hash, radix: 16).leftPadded(to: 16).prefix(8))
    }

    /// The day it falls due in a calendar month, or nil in a month a yearly cost skips.
    public func due(in month: YearMonth) -> CalendarDate? {
        if let only = self.month, only != month.month { return nil }
        return CalendarDate(year: month.year, month: month.month, day: min(day, month.days))
    }

    /// The item that records it on `date`: its id depends only on the rule and the month, so posting twice, or on
    /// two machines, gives the same item.
    public func item(on date: CalendarDate) -> WireItem {
        WireItem(id: FixedCost.itemIDPrefix + "\(id)-\(date.yearMonth.iso)", date: date, name: name, price: price, category: category)
    }

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

/// The household's fixed costs, in the order they were added; names are unique.
public struct FixedCosts: Hashable, Sendable {
    public private(set) var all: [FixedCost] = []

    public init(_ all: [FixedCost] = []) { self.all = all }

    /// Adds a cost, or replaces the one of the same name.
    public mutating func add(_ cost: FixedCost) {
        if let index = all.firstIndex(where: { $0.id == cost.id }) { all[index] = cost } else { all.append(cost) }
    }

    /// Removes the cost with this id, id prefix or name; returns it.
    public mutating func remove(_ key: String) throws(FixedCostError) -> FixedCost {
        let index = try find(key)
        return all.remove(at: index)
    }

    func find(_ key: String) throws(FixedCostError) -> Int {
        if let index = all.firstIndex(where: { $0.name == key || $0.id == key }) { return index }
        let matches = all.indices.filter { all[$0].id.hasPrefix(key.lowercased()) && !key.isEmpty }
        guard matches.count == 1 else { throw matches.isEmpty ? .notFound(key) : .ambiguous(key) }
        return matches[0]
    }

    /// Each cost due in the period with its date, by date then name.
    public func due(in period: MonthPeriod) -> [(cost: FixedCost, date: CalendarDate)] {
        var due: [(cost: FixedCost, date: CalendarDate)] = []
        for cost in all {
            for date in cost.dueDates(in: period) { due.append((cost, date)) }
        }
        return due.sorted { a, b in a.date != b.date ? a.date < b.date : a.cost.name < b.cost.name }
    }
}

/// A fixed cost that isn't there to remove (exit 1, as an unknown item id is).
public enum FixedCostError: KakeiboFailure, Equatable {
    case notFound(String)
    case ambiguous(String)

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        switch self {
        case .notFound(let key):
            return language.pick("no fixed cost is named or has the id '\(key)'", "名前か ID が '\(key)' の固定費はありません")
        case .ambiguous(let key):
            return language.pick("'\(key)' starts more than one fixed cost's id; give more of it", "'\(key)' で始まる固定費 ID が複数あります。もっと長く指定してください")
        }
    }
}
