import KakeiboKit

/// A statement's lines as kakeibo items: each filed by the household's rules, then by history, else unfiled; the
/// statement's user (本人, 家族) becomes a member through the rules file's `members`. Money in goes to the first
/// income category (or its rule's, if that is income); a charge is a transfer from its counterparty into the account.
package struct StatementFiling: Sendable {
    /// The item each line becomes, by line id.
    package var items: [String: WireItem] = [:]
    /// The lines nothing could file, in the file's order.
    package var unfiled: [StatementLine] = []
    /// Where unfiled lines went.
    package var unfiledCategory: CategoryCode
    /// Lines of money in that a taxonomy without income categories can't hold (left out, as before).
    package var incomeLeftOut = 0

    /// `unfiledCategory` overrides the taxonomy's unfiled category (`--category`).
    package init(_ statement: Statement, filer: Filer, unfiledCategory: CategoryCode? = nil) throws(RuleError) {
        self.unfiledCategory = unfiledCategory ?? filer.taxonomy.unfiled
        for line in statement.lines {
            if line.flow == .charge {
                let details = ItemDetails(payment: line.counterparty ?? line.name, shop: line.counterparty, transfer: line.payment)
                items[line.id] = WireItem(
                    id: line.id, date: line.date, name: line.name, price: line.price, category: self.unfiledCategory, details: details)
                continue
            }
            if line.flow == .income {
                guard let income = filer.taxonomy.categories.first(where: { $0.kind == .income }) else {
                    incomeLeftOut += 1
                    continue
                }
                let filed = try filer.file([line.name], unfiled: true)
                let other = income.subcategories.first { $0.key == "other" }
                let category = filer.taxonomy.isIncome(filed.category) ? filed.category : CategoryCode(income.code, other?.code)
                var details = ItemDetails(payment: line.payment, shop: line.counterparty ?? line.name)
                StatementFiling.member(line, filed, filer, into: &details)
                items[line.id] = WireItem(
                    id: line.id, date: line.date, name: filed.name ?? line.name, price: line.price, category: category, details: details)
                continue
            }
            let filed = try filer.file([line.name], unfiled: true)
            // A shop's history names no payment (`Layout.shop`): the card's line that paid it says which.
            var details = ItemDetails(payment: line.payment.isEmpty ? nil : line.payment, shop: line.counterparty ?? line.name, memo: line.memo)
            if case .rule = filed.reason, let payment = filed.payment { details.payment = payment } // a statement knows how it was paid
            StatementFiling.member(line, filed, filer, into: &details)
            details.tags = filed.tags
            details.legs = line.legs
            let category = filed.reason == .unfiled ? self.unfiledCategory : filed.category
            if filed.reason == .unfiled { unfiled.append(line) }
            items[line.id] = WireItem(
                id: line.id, date: line.date, name: filed.name ?? line.name, price: line.price, category: category, details: details)
        }
    }

    /// A line's member: its filing rule's, else the member rule's for its 利用者 (marked `rule`, so that it follows the
    /// member rules when they change). The 利用者 is kept on the item (`ItemDetails.user`) for member rules made after
    /// the import, when it can be stored as a member can.
    static func member(_ line: StatementLine, _ filed: Filed, _ filer: Filer, into details: inout ItemDetails) {
        if let user = line.user, (try? DetailField.member.validate(user, entry: false)) == user { details.user = user }
        if let member = filed.member {
            details.member = member
        } else if let member = filer.member(user: line.user, payment: line.payment) {
            details.member = member
            details.memberFrom = .rule
        }
    }

    /// The items in the statement's order.
    package func ordered(_ statement: Statement) -> [WireItem] { statement.lines.compactMap { items[$0.id] } }
}
