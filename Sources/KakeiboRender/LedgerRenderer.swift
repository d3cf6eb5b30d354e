import KakeiboValues

/// Items as a plain-text accounting journal that ledger and hledger read with kakeibo's totals: one transaction per
/// item, its category as the expense account (`expenses:food:drink`, from the keys), the price in JPY, balanced by
/// `assets:cash`. A refund is a negative expense. Income is credited to an income account (`income:salary`), so
/// `ledger bal` shows it negative as ledgers do, and `assets:cash` grows by it.
public enum LedgerRenderer {
    public static func journal(_ items: [Item], taxonomy: Taxonomy) -> String {
        var out = ""
        for item in items {
            out += "\(item.date.iso) \(payee(item.name))\n"
            out += "    ; id: \(item.id)\n"
            // One `; :TAG:` line per tag: ledger reads `:a:b:` as two tags, hledger (1.25) only the first of them.
            for tag in item.details.tags { out += "    ; :\(tag):\n" }
            out +=
                taxonomy.isIncome(item.category)
                ? "    \(incomeAccount(item.category, taxonomy))  \(-item.price.amount) JPY\n"
                : "    \(account(item.category, taxonomy))  \(item.price.amount) JPY\n"
            out += "    \(paymentAccount(item.details.payment))\n\n"
        }
        return out
    }

    /// `expenses:food:drink`; keys are lowercase ASCII (or a bare code for one the taxonomy doesn't know), so
    /// they never hold the spaces, tabs or colons that would end or split an account name.
    static func account(_ code: CategoryCode, _ taxonomy: Taxonomy) -> String {
        var account = "expenses:" + taxonomy.key(category: code.category)
        if let sub = code.subcategory { account += ":" + taxonomy.key(category: code.category, subcategory: sub) }
        return account
    }

    /// `income:salary` for the standard income category (its key is already "income"), `income:KEY:SUB` for
    /// another income category.
    static func incomeAccount(_ code: CategoryCode, _ taxonomy: Taxonomy) -> String {
        let key = taxonomy.key(category: code.category)
        var parts = key == "income" ? [] : [key]
        if let sub = code.subcategory { parts.append(taxonomy.key(category: code.category, subcategory: sub)) }
        return (["income"] + parts).joined(separator: ":")
    }

    /// The name as a payee both tools read back whole: ';' (hledger starts a comment there) and '|' (hledger's
    /// payee|note separator) become '；' and '｜', and a leading '*', '!' or '(' (a status mark or a code to them)
    /// becomes its full-width form.
    package static func payee(_ name: String) -> String {
        var text = name.replacingEvery(";", with: "；").replacingEvery("|", with: "｜")
        switch text.first {
        case "*": text = "＊" + text.dropFirst()
        case "!": text = "！" + text.dropFirst()
        case "(": text = "（" + text.dropFirst()
        default: break
        }
        return text
    }
}
