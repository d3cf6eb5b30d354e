import KakeiboKit

/// A statement's lines as kakeibo items: each filed by the household's rules, then by history, else unfiled; the
/// statement's user (本人, 家族) becomes a member through the rules file's `members`.
public struct StatementFiling: Sendable {
    /// The item each line becomes, by line id.
    public var items: [String: WireItem] = [:]
    /// The lines nothing could file, in the file's order.
    public var unfiled: [StatementLine] = []
    /// Where unfiled lines went.
    public var unfiledCategory: CategoryCode

    /// `unfiledCategory` overrides the taxonomy's unfiled category (`--category`).
    public init(_ statement: Statement, filer: Filer, unfiledCategory: CategoryCode? = nil) throws(RuleError) {
        self.unfiledCategory = unfiledCategory ?? filer.taxonomy.unfiled
        for line in statement.lines {
            let filed = try filer.file([line.name], unfiled: true)
            var details = ItemDetails(payment: line.payment, shop: line.name, memo: line.memo)
            if case .rule = filed.reason, let payment = filed.payment { details.payment = payment } // a statement knows how it was paid
            details.member = filed.member ?? line.user.flatMap { filer.rules.members[$0] }
            details.tags = filed.tags
            let category = filed.reason == .unfiled ? self.unfiledCategory : filed.category
            if filed.reason == .unfiled { unfiled.append(line) }
            items[line.id] = WireItem(
                id: line.id, date: line.date, name: filed.name ?? line.name, price: line.price, category: category, details: details)
        }
    }

    /// The items in the statement's order.
    public func ordered(_ statement: Statement) -> [WireItem] { statement.lines.compactMap { items[$0.id] } }
}
