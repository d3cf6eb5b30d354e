import KakeiboOperations
import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `accounts`: the household's accounts with their balances, the suggestions, and what a change did.
public enum AccountsRenderer {
    static func kind(_ kind: AccountKind?, _ language: Language) -> String {
        guard let kind else { return "" }
        return language.pick(kind.rawValue, kind.japanese)
    }

    /// `syncFirst`: a household server is set and this store has never synced with it, so the accounts it may already
    /// hold haven't arrived: the payments that name none are counted, and the advice is to sync, not to add them (a
    /// second account of each would follow).
    /// `waiting`: how many statements wait for an account, by the name they give it (`Household.waitingStatements`).
    public static func list(_ report: AccountsReport, style: TextStyle, syncFirst: Bool = false, waiting: [String: Int] = [:]) -> String {
        let language = style.language
        var out = ""
        if report.rows.isEmpty {
            out += language.pick(
                "No accounts yet: add one with 'kakeibo accounts add NAME --kind card|bank|emoney|cash|brokerage --alias TEXT'\n",
                "口座はまだありません。'kakeibo accounts add 名前 --kind card|bank|emoney|cash|brokerage --alias 呼び名' で追加できます\n")
        } else {
            var table = TextTable([
                .left(language.pick("Account", "口座")), .left(language.pick("Kind", "種類")), .left(language.pick("Member", "メンバー")),
                .right(language.pick("Balance", "残高")), .left(language.pick("As of", "時点")), .left(language.pick("Aliases", "呼び名")),
            ])
            for row in report.rows {
                table.add([
                    .init(terminalSafe(row.account.name)), .init(kind(row.account.kind, language)),
                    .init(terminalSafe(row.account.member ?? language.pick("(joint)", "（共有）"))), .init(row.balance.formatted(language)),
                    .init(row.balanceDate?.iso ?? ""), .init(terminalSafe(row.account.aliases.joined(separator: ", "))),
                ])
            }
            out += table.render(style)
            for row in report.rows {
                out += notes(row, language).map { terminalSafe($0) + "\n" }.joined()
            }
        }
        out += waitingStatements(waiting, language)
        out += syncFirst ? syncBeforeAdding(report, language) : suggestions(report, language) + possibleTransfers(report.possibleTransfers, language)
        return out
    }

    /// "Balances and bills waiting for an account (recorded once an account has that name or alias): イオンカード (1
    /// statement)", for the statements imported before their account.
    static func waitingStatements(_ waiting: [String: Int], _ language: Language) -> String {
        guard !waiting.isEmpty else { return "" }
        let names = waiting.sorted { $0.key < $1.key }.map { name, count in
            terminalSafe(name) + language.pick(count == 1 ? " (1 statement)" : " (\(count) statements)", "（明細 \(count) 件）")
        }
        return language.pick(
            "Balances and bills waiting for an account (recorded once an account has that name or alias): ",
            "口座を待っている残高・請求額（その名前か呼び名の口座ができたときに記録します）: ") + names.joined(separator: language.pick(", ", "、")) + "\n"
    }

    /// "Possibly transfers (…): 振替　ＳＢＩ証券 from 楽天銀行 (2 lines, ¥60,000): kakeibo accounts add 'SBI証券' --kind
    /// brokerage", each place once.
    public static func possibleTransfers(_ unnamed: [AccountsReport.Unnamed], _ language: Language) -> String {
        guard !unnamed.isEmpty else { return "" }
        var lines = [
            language.pick(
                "Possibly transfers, counted as spending until the place they went to is one of your accounts:",
                "振替かもしれない出金（行き先が口座になるまで支出として数えています）:")
        ]
        for entry in unnamed.prefix(20) {
            let transfer = entry.transfer
            let command = MatchRenderer.command(transfer)
            let count = language.pick(entry.count == 1 ? "1 line" : "\(entry.count) lines", "\(entry.count) 件")
            lines.append(
                language.pick(
                    "  \(transfer.text) from \(transfer.from) (\(count), \(entry.total.formatted(language))): \(command)",
                    "  \(transfer.from) から \(transfer.text)（\(count)、\(entry.total.formatted(language))）: \(command)"))
        }
        if unnamed.count > 20 { lines.append("  " + language.pick("… and \(unnamed.count - 20) more", "… ほか \(unnamed.count - 20) 件")) }
        return "\n" + lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }

    /// "3 payments name no account yet: sync first …", in place of the suggestions.
    static func syncBeforeAdding(_ report: AccountsReport, _ language: Language) -> String {
        guard !report.suggestions.isEmpty else { return "" }
        let count = report.suggestions.count
        return (report.rows.isEmpty ? "" : "\n")
            + language.pick(
                "\(count == 1 ? "1 payment names" : "\(count) payments name") no account yet: sync first ('kakeibo sync') — the household server may already hold accounts for them, and adding them here would make a second of each\n",
                "まだ口座につながっていない支払方法が \(count) 件あります。先に同期してください（'kakeibo sync'）。家計簿サーバーにすでに口座があるかもしれず、ここで追加すると重複します\n")
    }

    /// What a row's statements say beside it: a mismatch (or that the balance is as stated), and a card's next bill.
    static func notes(_ row: AccountsReport.Row, _ language: Language) -> [String] {
        var notes: [String] = []
        let name = row.account.name
        if let mismatch = row.mismatch {
            let (stated, recorded, missing) = (
                mismatch.stated.formatted(language), mismatch.recorded.formatted(language), mismatch.difference.formatted(language)
            )
            notes.append(
                language.pick(
                    "\(name): the statement says \(stated) on \(mismatch.date.iso), the lines recorded reach \(recorded) (\(missing) not recorded)",
                    "\(name): 明細では \(mismatch.date.iso) に \(stated)、記録した明細では \(recorded)（\(missing) が未記録）"))
        } else if let stated = row.stated {
            notes.append(
                language.pick(
                    "\(name): as its statement states, \(stated.amount.formatted(language)) on \(stated.date.iso)",
                    "\(name): 明細の残高どおり（\(stated.date.iso) に \(stated.amount.formatted(language))）"))
        }
        if let bill = row.account.bill {
            let amount = bill.amount.formatted(language)
            notes.append(
                language.pick(
                    "\(name): next bill \(amount) on \(bill.date.iso)" + (row.paidFrom.map { ", from \($0)" } ?? ""),
                    "\(name): 次回の引き落とし \(bill.date.iso) に \(amount)" + (row.paidFrom.map { "（\($0) から）" } ?? "")))
        }
        return notes
    }

    /// "Payments that name no account: 三井住友カード(NL) (12 items), …" and how to add one.
    public static func suggestions(_ report: AccountsReport, _ language: Language) -> String {
        guard !report.suggestions.isEmpty else { return "" }
        var lines = [
            language.pick("Payments that name no account yet (make each an account, or an alias of one):", "まだ口座につながっていない支払方法（口座にするか、口座の呼び名にしてください）:")
        ]
        for suggestion in report.suggestions.prefix(20) {
            let kind = suggestion.kind.map { " --kind \($0.rawValue)" } ?? ""
            let command = "kakeibo accounts add '\(suggestion.payment)'\(kind)"
            let count = language.pick(suggestion.count == 1 ? "1 item" : "\(suggestion.count) items", "\(suggestion.count) 件")
            lines.append("  \(suggestion.payment) (\(count)): \(command)")
        }
        if report.suggestions.count > 20 {
            lines.append("  " + language.pick("… and \(report.suggestions.count - 20) more", "… ほか \(report.suggestions.count - 20) 件"))
        }
        return (report.rows.isEmpty ? "" : "\n") + lines.map { terminalSafe($0) }.joined(separator: "\n") + "\n"
    }

    /// `[{"name","kind","member","aliases","balance","balanceDate","statedBalance","statedDate","mismatch","bill","lines"}]`.
    public static func listJSON(_ report: AccountsReport) -> JSONValue {
        .array(report.rows.map(row))
    }

    static func row(_ row: AccountsReport.Row) -> JSONValue {
        let account = row.account
        let mismatch: JSONValue =
            row.mismatch.map {
                .object([
                    ("date", .string($0.date.iso)), ("stated", .integer($0.stated.amount)), ("recorded", .integer($0.recorded.amount)),
                    ("difference", .integer($0.difference.amount)),
                ])
            } ?? .null
        let bill: JSONValue =
            account.bill.map {
                .object([
                    ("amount", .integer($0.amount.amount)), ("date", .string($0.date.iso)), ("from", row.paidFrom.map(JSONValue.string) ?? .null),
                ])
            } ?? .null
        return .object([
            ("name", .string(account.name)), ("kind", account.kind.map { .string($0.rawValue) } ?? .null),
            ("member", account.member.map(JSONValue.string) ?? .null), ("aliases", .array(account.aliases.map(JSONValue.string))),
            ("balance", .integer(row.balance.amount)), ("balanceDate", row.balanceDate.map { .string($0.iso) } ?? .null),
            ("statedBalance", row.stated.map { .integer($0.amount.amount) } ?? .null),
            ("statedDate", row.stated.map { .string($0.date.iso) } ?? .null), ("mismatch", mismatch), ("bill", bill),
            ("lines", .integer(row.count)),
        ])
    }

    /// What `accounts add|edit|remove` did: the account, then what matching the store again did.
    public static func changed(_ verb: String, _ change: AccountChanged, _ language: Language) -> String {
        let account = change.account
        let aliases =
            account.aliases.isEmpty
            ? "" : language.pick(", also \(account.aliases.joined(separator: ", "))", "、呼び名 \(account.aliases.joined(separator: "、"))")
        let member = account.member.map { language.pick(", \($0)'s", "、\($0)") } ?? language.pick(", joint", "、共有")
        let kindText = account.kind.map { " (\(kind($0, language)))" } ?? ""
        let head: String
        switch verb {
        case "add":
            head = language.pick(
                "Account \(account.name)\(kindText) added\(member)\(aliases)", "口座 \(account.name)\(kindText) を追加しました\(member)\(aliases)")
        case "remove": head = language.pick("Account \(account.name) removed", "口座 \(account.name) を削除しました")
        default: head = language.pick("Account \(account.name)\(kindText)\(member)\(aliases)", "口座 \(account.name)\(kindText)\(member)\(aliases)")
        }
        return ([head] + claimed(change, language) + MatchRenderer.text(change.matched, language)).map { terminalSafe($0) }
            .joined(separator: "\n") + "\n"
    }

    /// "Recorded what 1 statement imported before stated: balance ¥2,254 on 2024-06-29", when statements imported
    /// before the account had this spelling stated its balance or bill (`AccountChanged.claimed`).
    static func claimed(_ change: AccountChanged, _ language: Language) -> [String] {
        guard change.claimed > 0 else { return [] }
        var parts: [String] = []
        if let balance = change.account.stated.last {
            let amount = balance.amount.formatted(language)
            parts.append(language.pick("balance \(amount) on \(balance.date.iso)", "\(balance.date.iso) の残高 \(amount)"))
        }
        if let bill = change.account.bill {
            let amount = bill.amount.formatted(language)
            parts.append(language.pick("next bill \(amount) on \(bill.date.iso)", "次回の引き落とし \(bill.date.iso) に \(amount)"))
        }
        let count = change.claimed
        let head = language.pick(
            "Recorded what \(count) statement\(count == 1 ? "" : "s") imported before stated", "取り込み済みの明細 \(count) 件に書かれていた額を記録しました")
        return [head + (parts.isEmpty ? "" : language.pick(": ", "：") + parts.joined(separator: language.pick(", ", "、")))]
    }

    /// The line a confirmation adds when a payment names none of the household's accounts (nil when it names one,
    /// or the household has none): the payment is kept as it was written.
    public static func unknownPayment(_ payment: String?, _ accounts: Accounts, _ language: Language) -> String? {
        guard let payment, !accounts.isEmpty, accounts.account(for: payment) == nil else { return nil }
        return terminalSafe(
            language.pick(
                "  Payment '\(payment)' names no account: kept as written (add it to one with 'kakeibo accounts edit NAME --alias \(payment)')",
                "  支払方法 '\(payment)' はどの口座でもありません。書いたとおりに記録しました（口座の呼び名にするには 'kakeibo accounts edit 名前 --alias \(payment)'）"
            )) + "\n"
    }

    /// What matching did, indented under a confirmation.
    public static func matchedLines(_ outcome: MatchOutcome, _ language: Language) -> String {
        MatchRenderer.text(outcome, language).map { "  " + terminalSafe($0) + "\n" }.joined()
    }

    public static func changedJSON(_ change: AccountChanged) -> JSONValue {
        .object([("account", .string(change.account.name)), ("claimedStatements", .integer(change.claimed))] + MatchRenderer.json(change.matched))
    }
}
