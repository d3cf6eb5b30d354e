import KakeiboStore
import KakeiboValues

/// One entry of a household setting that merges entry by entry (docs/sync.md#household-settings): an account, a
/// filing rule, a statement user's member, a fixed cost, a month a fixed cost is skipped in.
public enum SettingEntry: Hashable, Sendable {
    case account(Account)
    case rule(FilingRule)
    /// rules.json's `members`: a statement's user (本人, 家族) and the member its lines get; with an account's id,
    /// `accountMembers`: the same for that account's statements alone.
    case member(user: String, member: String, account: String? = nil)
    case fixedCost(FixedCost)
    case skip(FixedSkip)
    case budget(Budget)
    /// budgets.json's savings goal.
    case savings(Yen)
    /// One of the household's own layouts: its file's name (without `.json`) and text.
    case layout(name: String, text: String)

    /// What kind of entry, for the words a conflict is shown with.
    public enum Kind: String, Sendable {
        case account, rule, member, fixedCost, skip, budget, savings, layout
    }

    public var kind: Kind {
        switch self {
        case .account: return .account
        case .rule: return .rule
        case .member: return .member
        case .fixedCost: return .fixedCost
        case .skip: return .skip
        case .budget: return .budget
        case .savings: return .savings
        case .layout: return .layout
        }
    }

    /// The name a person knows it by: an account's or a fixed cost's name, a rule's pattern, a statement's user.
    public var label: String {
        switch self {
        case .account(let account): return account.name
        case .rule(let rule): return rule.pattern
        case .member(let user, _, let account): return account.map { user + " (" + $0 + ")" } ?? user
        case .fixedCost(let cost): return cost.name
        case .skip(let skip): return skip.cost + " " + skip.month.iso
        case .budget(let budget): return SettingEntry.budgetKey(budget.target)
        case .savings: return "savings"
        case .layout(let name, _): return name
        }
    }

    /// Its fields a person sets, by the name its file gives them, as text (empty: not set). The balances and bills
    /// an account's statements stated are bookkeeping, not among them.
    public var fields: [(name: String, value: String)] {
        switch self {
        case .account(let a):
            return [
                ("name", a.name), ("kind", a.kind?.rawValue ?? ""), ("member", a.member ?? ""), ("aliases", a.aliases.joined(separator: ", ")),
                ("former", a.former.joined(separator: ", ")),
            ]
        case .rule(let r):
            return [
                ("pattern", r.pattern), ("category", r.category), ("payment", r.payment ?? ""), ("member", r.member ?? ""), ("name", r.name ?? ""),
                ("tags", r.tags.joined(separator: ", ")),
            ]
        case .member(let user, let member, let account): return [("user", user), ("member", member)] + (account.map { [("account", $0)] } ?? [])
        case .fixedCost(let c):
            let category = c.category.subcategory.map { "\(c.category.category)/\($0)" } ?? "\(c.category.category)"
            return [
                ("name", c.name), ("price", "\(c.price.amount)"), ("day", "\(c.day)"), ("months", c.months.map(String.init).joined(separator: ",")),
                ("every", "\(c.every)"), ("from", c.from?.iso ?? ""), ("until", c.until?.iso ?? ""), ("category", category),
                ("payment", c.payment ?? ""), ("member", c.member ?? ""),
            ]
        case .skip(let s): return [("id", s.cost), ("month", s.month.iso)]
        case .budget(let b):
            let cadence: String
            switch b.cadence {
            case .monthly: cadence = "monthly"
            case .yearly: cadence = "yearly"
            case .rollover(let steps): cadence = "rollover " + steps.map { "\($0.from.iso) \($0.amount.amount)" }.joined(separator: ", ")
            }
            return [("amount", "\(b.amount.amount)"), ("cadence", cadence)]
        case .savings(let amount): return [("amount", "\(amount.amount)")]
        case .layout(_, let text): return SettingEntry.layoutFields(text)
        }
    }

    /// A layout's fields: each key of its JSON object and the value written compactly, so a conflict shows where two
    /// versions part (`columns`, `date`); the whole text as `layout` when it is no JSON object.
    static func layoutFields(_ text: String) -> [(name: String, value: String)] {
        guard let object = (try? JSONValue.parse(Array(text.utf8)))?.objectValue else { return [("layout", text)] }
        return object.map { key, value in
            var writer = JSONWriter()
            value.write(to: &writer)
            return (key, writer.text.split(whereSeparator: \.isNewline).map { $0.drop { $0 == " " } }.joined(separator: " "))
        }
    }

    /// A budget's key, as budgets.json keeps its target: `total`, `category:0/1` (by codes), `allowance:ayumi`.
    static func budgetKey(_ target: BudgetTarget) -> String {
        switch target {
        case .total: return "total"
        case .category(let code): return "category:\(code.category)/" + (code.subcategory.map(String.init) ?? "-")
        case .allowance(let member): return "allowance:" + member
        }
    }

    /// What a person set: an account without what its statements stated, which each member records from their own
    /// imports (two versions that differ only there are one account, never a conflict).
    var definition: SettingEntry {
        guard case .account(let a) = self else { return self }
        return .account(Account(name: a.name, kind: a.kind, member: a.member, aliases: a.aliases, id: a.id, former: a.former))
    }

    /// `self`, the version whose definition was kept, with the bookkeeping of `other`: an account gains the balances
    /// and bills the other version stated (its own for a day both state), and the later next bill.
    func keeping(_ other: SettingEntry?) -> SettingEntry {
        guard case .account(var kept) = self, case .account(let other)? = other else { return self }
        for balance in other.stated where !kept.stated.contains(where: { $0.date == balance.date }) { kept.state(balance) }
        if let bill = other.bill, kept.bill.map({ $0.date < bill.date }) ?? true { kept.bill = bill }
        for bill in other.bills { kept.state(bill) }
        return .account(kept)
    }
}

/// A household setting's value as its entries, in the file's order, each under a stable key: an account's id (`a-…`),
/// a fixed cost's id, a rule's folded pattern (`#2` after a second rule of it), `member:` and a statement's user,
/// `skip:` with a fixed cost's id and a month, a budget's target (`total`, `category:0/1`, `allowance:ayumi`) or
/// `savings`, a layout its file's name. Nil for a setting that doesn't merge by entry (the taxonomy, the split, the month start; notes merge
/// month by month) and for a value kakeibo can't read.
struct SettingEntries: Equatable {
    var entries: [(key: String, entry: SettingEntry)]

    /// The settings that merge entry by entry.
    static let merged: [SharedSetting] = [.accounts, .rules, .fixedCosts, .budgets, .layouts]

    init(_ entries: [(key: String, entry: SettingEntry)]) { self.entries = entries }

    init?(_ setting: SharedSetting, _ value: String) {
        guard SettingEntries.merged.contains(setting) else { return nil }
        guard value != SharedSettingFiles.removed else {
            entries = []
            return
        }
        let bytes = Array(value.utf8)
        switch setting {
        case .accounts:
            guard let accounts = try? SettingsFile.accounts.decode(bytes) else { return nil }
            entries = accounts.all.map { ($0.id, .account($0)) }
        case .rules:
            guard let rules = try? SettingsFile.rules.decode(bytes) else { return nil }
            var seen: [String: Int] = [:]
            entries = rules.rules.map { rule in
                // Two rules of one pattern (each scoped otherwise) are told apart by their place among its rules.
                let pattern = String(decoding: TextFold.fold(rule.pattern), as: UTF8.self)
                seen[pattern, default: 0] += 1
                let count = seen[pattern] ?? 1
                return (pattern + (count > 1 ? " #\(count)" : ""), .rule(rule))
            }
            entries += rules.members.sorted { $0.key < $1.key }.map { ("member:" + $0.key, .member(user: $0.key, member: $0.value)) }
            for (account, pairs) in rules.accountMembers.sorted(by: { $0.key < $1.key }) {
                entries += pairs.sorted { $0.key < $1.key }.map {
                    ("member:" + account + ":" + $0.key, .member(user: $0.key, member: $0.value, account: account))
                }
            }
        case .budgets:
            guard let budgets = try? SettingsFile.budgets.decode(bytes) else { return nil }
            entries = budgets.entries.map { (SettingEntry.budgetKey($0.target), .budget($0)) }
            if let savings = budgets.savings { entries.append(("savings", .savings(savings))) }
        case .layouts:
            guard let layouts = LayoutsSetting.decode(value) else { return nil }
            entries = layouts.map { ($0.name, .layout(name: $0.name, text: $0.text)) }
        default:
            guard let costs = try? SettingsFile.fixedCosts.decode(bytes) else { return nil }
            entries = costs.all.map { ($0.id, .fixedCost($0)) }
            entries += costs.skipped.sorted().map { ("skip:" + $0.cost + ":" + $0.month.iso, .skip($0)) }
        }
    }

    static func == (a: SettingEntries, b: SettingEntries) -> Bool {
        a.entries.map(\.key) == b.entries.map(\.key) && a.entries.map(\.entry) == b.entries.map(\.entry)
    }

    subscript(key: String) -> SettingEntry? { entries.first { $0.key == key }?.entry }

    /// The setting's value as its file writes it (budgets in the order of `taxonomy`); nil when the entries make no
    /// file (two accounts, each added by a member, that share a spelling).
    func value(_ setting: SharedSetting, taxonomy: Taxonomy) -> String? {
        let bytes: [UInt8]
        switch setting {
        case .accounts:
            guard let accounts = try? Accounts(entries.compactMap { if case .account(let a) = $0.entry { a } else { nil } }) else { return nil }
            bytes = SettingsFile.accounts.encode(accounts)
        case .rules:
            let rules = entries.compactMap { if case .rule(let r) = $0.entry { r } else { nil } }
            var members: [String: String] = [:]
            var accountMembers: [String: [String: String]] = [:]
            for case .member(let user, let member, let account) in entries.map(\.entry) {
                if let account { accountMembers[account, default: [:]][user] = member } else { members[user] = member }
            }
            bytes = SettingsFile.rules.encode(FilingRules(rules: rules, members: members, accountMembers: accountMembers))
        case .fixedCosts:
            let costs = entries.compactMap { if case .fixedCost(let c) = $0.entry { c } else { nil } }
            let skipped = entries.compactMap { if case .skip(let s) = $0.entry { s } else { nil } }
            bytes = SettingsFile.fixedCosts.encode(FixedCosts(costs, skipped: Set(skipped)))
        case .budgets:
            var budgets = Budgets(entries.compactMap { if case .budget(let b) = $0.entry { b } else { nil } })
            for case .savings(let amount) in entries.map(\.entry) { budgets.savings = amount }
            bytes = SettingsFile.budgets.encode(budgets, taxonomy)
        case .layouts:
            return LayoutsSetting.encode(entries.compactMap { if case .layout(let name, let text) = $0.entry { (name, text) } else { nil } })
        default: return nil
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A setting that merges entry by entry, from three versions — as last synced (`base`), this machine's and the
/// server's: an entry added, changed or removed on one side takes that side's version; one both changed to
/// different definitions is a conflict, which takes the side `prefer` names (`only`: for that entry alone, the
/// others in conflict keeping this machine's). Two versions that differ only in bookkeeping (an account's stated
/// balances and bills, the order entries were written in) are one, holding both sides' bookkeeping.
struct SettingMerge {
    /// The merged setting, as its value.
    let value: String
    /// The keys of the entries both sides changed to different definitions.
    let conflicts: [String]

    init?(
        _ setting: SharedSetting, base: String, mine: String, theirs: String, prefer: ConflictSide, only: String? = nil,
        taxonomy: Taxonomy = .standard
    ) {
        guard let was = SettingEntries(setting, base), let here = SettingEntries(setting, mine), let there = SettingEntries(setting, theirs)
        else { return nil }
        let merge = SettingMerge.entries(was: was, here: here, there: there, prefer: prefer, only: only)
        if merge.entries.entries.isEmpty, mine == SharedSettingFiles.removed || theirs == SharedSettingFiles.removed {
            value = SharedSettingFiles.removed
        } else {
            guard let value = merge.entries.value(setting, taxonomy: taxonomy) else { return nil }
            // A value this machine would write with no change: its own bytes, so an unchanged setting is never sent.
            self.value = SettingEntries(setting, value) == here ? mine : value
        }
        conflicts = merge.conflicts
    }

    /// The merged entries: the server's order, then the entries only this machine has, in its order.
    static func entries(
        was: SettingEntries, here: SettingEntries, there: SettingEntries, prefer: ConflictSide, only: String?
    ) -> (entries: SettingEntries, conflicts: [String]) {
        var keys = there.entries.map(\.key)
        for key in here.entries.map(\.key) where !keys.contains(key) { keys.append(key) }
        var merged: [(key: String, entry: SettingEntry)] = []
        var conflicts: [String] = []
        for key in keys {
            let (base, mine, theirs) = (was[key], here[key], there[key])
            let (b, m, t) = (base?.definition, mine?.definition, theirs?.definition)
            let kept: SettingEntry?
            if m == t || t == b {
                kept = mine?.keeping(theirs)
            } else if m == b {
                kept = theirs?.keeping(mine)
            } else {
                conflicts.append(key)
                let side = only == nil || only == key ? prefer : .mine
                kept = side == .mine ? mine?.keeping(theirs) : theirs?.keeping(mine)
            }
            if let kept { merged.append((key, kept)) }
        }
        return (SettingEntries(merged), conflicts)
    }
}
