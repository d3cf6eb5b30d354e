import KakeiboValues

/// How lines of different sources are found to be one purchase (docs/accounts.md#how-matching-decides).
///
/// Two lines **match** when they come from different sources (`LineSource`), are the same kind (spending, income or a
/// transfer), have the same price, are on the same account — or one of them names none — and are dated within 3 days
/// of each other (5 when either is a card's line: a card's dates may be posting dates). Every matching pair the lines
/// hold is put in one total order — nearest dates first, then pairs whose both sides name an account, then by their
/// ids — and taken in that order: a pair joins its two groups when the joined group still holds one line per source
/// and every two of its lines match. So the groups depend only on which lines there are, never on the order they
/// arrived in: two members who import and sync in any order find the same ones.
public struct Matching: Sendable {
    public let accounts: Accounts
    public let isIncome: @Sendable (CategoryCode) -> Bool
    /// The household's member rules (who a statement's 利用者 is), which give a line that kept its 利用者 its member
    /// (`MatchPlan.derivedMember`).
    public let members: FilingRules

    public init(accounts: Accounts, members: FilingRules = FilingRules(), isIncome: @escaping @Sendable (CategoryCode) -> Bool) {
        self.accounts = accounts
        self.members = members
        self.isIncome = isIncome
    }

    /// The days apart two lines may be, and the most when either is a card's.
    public static let window = 3
    public static let cardWindow = 5

    /// What a line is for matching: money spent (or given back), money that came in, or money moved.
    public enum Flow: Int, Sendable { case spending, income, transfer }

    /// What matching sees of one line.
    struct Line {
        var position: Int
        var id: String
        var source: LineSource
        var day: Int
        var price: Int
        var flow: Flow
        /// The account's id (or the folded payment where it names no account); nil without a payment.
        var account: [UInt8]?
        var accountDefined: Bool
        /// A transfer's other end, the same way.
        var to: [UInt8]?
        var toDefined: Bool
        var card: Bool
        /// Paid in parts (`ItemDetails.legs`): among the lines of the purchase's day, it leads.
        var legs = false
    }

    /// The flow an item is.
    public func flow(_ item: Item) -> Flow {
        if item.isTransfer { return .transfer }
        return isIncome(item.category) ? .income : .spending
    }

    func line(_ item: Item, at position: Int) -> Line {
        let own = end(item.details.payment)
        let to = item.isTransfer ? end(item.details.transfer) : (key: nil, defined: false, card: false)
        return Line(
            position: position, id: item.id, source: item.source, day: item.date.dayNumber, price: item.ownPart.amount, flow: flow(item),
            account: own.key, accountDefined: own.defined, to: to.key, toDefined: to.defined,
            card: own.card || to.card || item.source.isCardStatement, legs: !item.details.legs.isEmpty)
    }

    /// An account end as matching compares it: a defined account's id (after a 0 byte no folded text holds), else the
    /// folded text. The id, not the name: renaming an account changes no merge.
    private func end(_ text: String?) -> (key: [UInt8]?, defined: Bool, card: Bool) {
        guard let text else { return (nil, false, false) }
        if let account = accounts.counterpart(for: text) { return ([0] + Array(account.id.utf8), true, account.kind == .card) }
        return (AccountKey.fold(text), false, false)
    }

    /// Whether two lines may be one purchase (or one transfer).
    func matches(_ a: Line, _ b: Line) -> Bool {
        guard a.source != b.source, a.flow == b.flow, a.price == b.price else { return false }
        guard abs(a.day - b.day) <= (a.card || b.card ? Matching.cardWindow : Matching.window) else { return false }
        if a.flow == .transfer {
            return Matching.sameEnd(a.account, a.accountDefined, b.account, b.accountDefined)
                && Matching.sameEnd(a.to, a.toDefined, b.to, b.toDefined)
        }
        guard let first = a.account, let second = b.account else { return true }
        return first == second
    }

    /// A transfer's ends agree when they are one account, or either side doesn't say which of the household's it is.
    static func sameEnd(_ a: [UInt8]?, _ aDefined: Bool, _ b: [UInt8]?, _ bDefined: Bool) -> Bool {
        guard let a, let b, aDefined, bDefined else { return true }
        return a == b
    }

    /// The items' groups of two or more lines, each as positions in `items`, its leader first (`leaderFirst`: the
    /// line dated when the purchase happened). Lines split apart by `unmerge` (`apart`) are in none.
    public func groups(_ items: [Item]) -> [[Int]] {
        var lines: [Line] = []
        lines.reserveCapacity(items.count)
        for (position, item) in items.enumerated() where !item.details.apart && item.price.amount != 0 {
            lines.append(line(item, at: position))
        }
        let pairs = candidatePairs(lines)
        // Union by the pairs' order; a group is the lines of one root.
        var root = Array(lines.indices)
        var members = lines.indices.map { [$0] }
        func find(_ x: Int) -> Int {
            var x = x
            while root[x] != x {
                root[x] = root[root[x]]
                x = root[x]
            }
            return x
        }
        for pair in pairs {
            let a = find(pair.a)
            let b = find(pair.b)
            guard a != b else { continue }
            let joined = members[a] + members[b]
            guard Set(joined.map { lines[$0].source }).count == joined.count else { continue }
            guard members[a].allSatisfy({ x in members[b].allSatisfy { y in matches(lines[x], lines[y]) } }) else { continue }
            root[b] = a
            members[a] = joined
            members[b] = []
        }
        var groups: [[Int]] = []
        for index in lines.indices where root[index] == index && members[index].count > 1 {
            let ordered = Matching.leaderFirst(members[index].map { lines[$0] }.map { ($0.source, $0.day, $0.id, $0.legs) })
            groups.append(ordered.map { members[index][$0] }.map { lines[$0].position })
        }
        return groups.sorted { items[$0[0]].id < items[$1[0]].id }
    }

    /// A group's lines in order, its leader first: the line dated when the purchase happened leads, so the merged
    /// item (which keeps its leader's date and id) falls in the month it was bought. That day is the earliest of the
    /// lines': no source dates a purchase before it happened, while a card books it a day or more after (a purchase
    /// of 06-30 booked on 07-01 is June's) and a person may type it in later. Among the lines of that day, one paid in
    /// parts leads (it holds the whole price, the others its account's part), then the statement's,
    /// then an app's, then a typed one's, then a fixed cost's (`LineSource.dateRank`); every other line, the card's
    /// with its booking date among them, keeps its own date. Returns positions in `lines`.
    static func leaderFirst(_ lines: [(source: LineSource, day: Int, id: String, legs: Bool)]) -> [Int] {
        let purchase = lines.map(\.day).min() ?? 0
        return lines.indices.sorted { a, b in
            let x = lines[a]
            let y = lines[b]
            return (x.day == purchase ? 0 : 1, x.legs ? 0 : 1, x.source.dateRank, x.id) < (
                y.day == purchase ? 0 : 1, y.legs ? 0 : 1, y.source.dateRank, y.id
            )
        }
    }

    struct Pair {
        var a: Int
        var b: Int
        var distance: Int
        var vague: Bool
        var first: String
        var second: String
    }

    /// Every matching pair, in the one order they are taken in.
    func candidatePairs(_ lines: [Line]) -> [Pair] {
        var buckets: [Int: [Int]] = [:]
        for (index, line) in lines.enumerated() { buckets[line.price &* 3 &+ line.flow.rawValue, default: []].append(index) }
        var pairs: [Pair] = []
        for (_, bucket) in buckets where bucket.count > 1 {
            let sorted = bucket.sorted { lines[$0].day < lines[$1].day }
            for (offset, x) in sorted.enumerated() {
                for y in sorted[(offset + 1)...] {
                    let distance = lines[y].day - lines[x].day
                    if distance > Matching.cardWindow { break }
                    guard matches(lines[x], lines[y]) else { continue }
                    let (a, b) = lines[x].id < lines[y].id ? (x, y) : (y, x)
                    pairs.append(
                        Pair(
                            a: a, b: b, distance: distance, vague: lines[x].account == nil || lines[y].account == nil, first: lines[a].id,
                            second: lines[b].id))
                }
            }
        }
        pairs.sort { ($0.distance, $0.vague ? 1 : 0, $0.first, $0.second) < ($1.distance, $1.vague ? 1 : 0, $1.first, $1.second) }
        return pairs
    }

    /// Lines that look alike but were not merged: the same price (a purchase paid in parts: its own account's part) and
    /// the same shop (one's name or shop holds the other's), of different sources, 4–10 days apart, or nearer on
    /// different accounts. Shown, never merged.
    public func nearMisses(_ items: [Item], groups: [[Int]]) -> [(Item, Item)] {
        var group: [Int: Int] = [:]
        for (number, positions) in groups.enumerated() { for position in positions { group[position] = number } }
        var byPrice: [Int: [Int]] = [:]
        for (position, item) in items.enumerated() where item.price.amount != 0 { byPrice[item.ownPart.amount, default: []].append(position) }
        var found: [(Item, Item)] = []
        for (_, positions) in byPrice where positions.count > 1 {
            let sorted = positions.sorted { items[$0].date < items[$1].date }
            for (offset, x) in sorted.enumerated() {
                for y in sorted[(offset + 1)...] {
                    let a = items[x]
                    let b = items[y]
                    let distance = b.date.dayNumber - a.date.dayNumber
                    if distance > 10 { break }
                    guard a.source != b.source, flow(a) == flow(b), group[x] == nil || group[x] != group[y] else { continue }
                    let lineA = line(a, at: x)
                    let lineB = line(b, at: y)
                    let far = distance > (lineA.card || lineB.card ? Matching.cardWindow : Matching.window)
                    guard far || !matches(lineA, lineB), Matching.sameShop(a, b) else { continue }
                    found.append((a, b))
                }
            }
        }
        return found.sorted { ($0.0.date, $0.0.id) < ($1.0.date, $1.0.id) }
    }

    /// Whether two items name one shop: one's shop or name, folded, holds the other's.
    static func sameShop(_ a: Item, _ b: Item) -> Bool {
        let left = [a.details.shop, a.name].compactMap { $0 }.map { AccountKey.fold($0) }.filter { $0.count >= 4 }
        let right = [b.details.shop, b.name].compactMap { $0 }.map { AccountKey.fold($0) }.filter { $0.count >= 4 }
        for x in left {
            for y in right where x == y || TextFold.contains(x, y) || TextFold.contains(y, x) { return true }
        }
        return false
    }

    /// The member a group's lines give its item, and where it came from: a given member (a rule's, 利用者, typed, an
    /// edit) before one derived from an account, and that before this machine's; among them, by source (the
    /// statement's, then a typed one's, the fixed cost's, MoneyForward's). A derived member of a line that is not a
    /// statement's or MoneyForward's came from an earlier composing and is not a line's own: left out.
    static func member(_ lines: [Item]) -> (member: String?, from: MemberOrigin?) {
        func origin(_ from: MemberOrigin?) -> Int { from.map { $0 == .rule ? 0 : $0 == .account ? 1 : 2 } ?? 0 }
        let own = lines.filter { line in
            line.details.member != nil && (line.details.memberFrom == nil || line.source.kind == .statement || line.source.kind == .linked)
        }
        let best = own.min { a, b in
            (origin(a.details.memberFrom), a.source.memberRank, a.id) < (origin(b.details.memberFrom), b.source.memberRank, b.id)
        }
        return (best?.details.member, best?.details.memberFrom)
    }

    /// A merged item: the leader's date, price and payment (the account) — but the whole price and the legs of a line
    /// paid in parts (`ItemDetails.legs`: the other lines saw only its account's part) —, and from the group's lines the best of
    /// the rest — the name, category, memo, tags, shop, personal and reimbursed of the line a person typed
    /// (`LineSource.nameRank`), and the member `member` picks: a given one (the statement's 利用者, else the one
    /// who typed it, else the fixed cost's), else the account's, else this machine's.
    public static func compose(_ leader: Item, _ lines: [Item]) -> Item {
        var item = leader
        let byName = lines.sorted { ($0.source.nameRank, $0.id) < ($1.source.nameRank, $1.id) }
        if let first = byName.first, first.id != leader.id {
            item.name = first.name
            item.category = first.category
        }
        item.details.memo = byName.lazy.compactMap(\.details.memo).first
        item.details.tags = byName.first { !$0.details.tags.isEmpty }?.details.tags ?? []
        item.details.shop = byName.lazy.compactMap(\.details.shop).first
        item.details.personal = byName.first?.details.personal ?? false
        item.details.reimbursed = byName.lazy.compactMap(\.details.reimbursed).first
        (item.details.member, item.details.memberFrom) = member(lines)
        if item.details.payment == nil {
            item.details.payment = lines.sorted { ($0.source.dateRank, $0.id) < ($1.source.dateRank, $1.id) }.lazy.compactMap(\.details.payment).first
        }
        if let parts = lines.filter({ !$0.details.legs.isEmpty }).min(by: { ($0.source.dateRank, $0.id) < ($1.source.dateRank, $1.id) }) {
            item.price = parts.price
            item.details.legs = parts.details.legs
        }
        item.details.merged = nil
        return item
    }
}
