import KakeiboKit

/// Zaim's CSV export: dates 2024-12-03, one row per payment, income, transfer or balance adjustment, "-" for empty.
enum Zaim {
    static let columns = [
        "日付", "方法", "カテゴリ", "カテゴリの内訳", "支払元", "入金先", "品目", "メモ", "お店", "通貨", "収入", "支出", "振替",
        "残高調整", "通貨変換前の金額", "集計の設定",
    ]

    /// The older export's names for three of the columns (same order): ids are made from today's names, so both
    /// exports of one entry give it one id.
    static let aliases = ["カテゴリの内訳": ["ジャンル"], "品目": ["商品"], "お店": ["場所"]]

    /// The 集計の設定 of a row its owner keeps out of the totals.
    static let notCounted = "集計に含めない"
    /// The 集計の設定 of a row counted in its year's totals, not its month's: imported with `Tags.yearOnly`.
    static let yearOnly = "年の集計にのみ含める"

    /// Payments are expenses (支出, in yen) and income rows income (収入, paid into 入金先); transfers (振替) move
    /// money from 支払元 to 入金先; balance adjustments are skipped, and so are rows kept out of the totals. A negative
    /// 支出 is a refund.
    static func interpret(_ fields: RowFields) throws(ConvertProblem) -> SourceRow {
        let date = try fields.date("日付", separator: "-", example: "2024-12-03")
        let category = SourceCategory(fields.text("カテゴリ"), fields.text("カテゴリの内訳"))
        let kind: SourceRow.Kind
        switch fields.text("方法") {
        case "payment":
            if fields.text("集計の設定") == notCounted {
                kind = .skipped(.notCounted)
            } else {
                let amount = try fields.amount("支出")
                kind = amount == 0 ? .skipped(.zero) : .expense(Yen(amount))
            }
        case "income":
            let amount = try fields.amount("収入")
            kind = .income(Yen(amount), skip: fields.text("集計の設定") == notCounted ? .notCounted : amount == 0 ? .zero : nil)
        case "transfer":
            let amount = try fields.amount("振替")
            kind = .transfer(Yen(amount), from: fields.text("支払元"), to: fields.text("入金先"))
        case "balance": kind = .skipped(.balance)
        case let other: throw fields.fail("方法", .method(other))
        }
        // Zaim has no ids: an entry is known by what, when, where, from which account and how much — so a
        // category or memo changed in Zaim updates the kakeibo item instead of adding a second one.
        // 収入 joins only for income rows, so a payment's id stays what earlier versions gave it.
        let identity =
            ["日付", "方法", "支払元", "品目", "お店", "通貨", "支出"].map(fields.text)
            + (fields.text("方法") == "income" ? [fields.text("入金先"), fields.text("収入")] : [])
            + (fields.text("方法") == "transfer" ? [fields.text("入金先"), fields.text("振替")] : [])
        // Income is paid into 入金先: that is its account.
        let payment = fields.text("方法") == "income" ? fields.text("入金先") : fields.text("支払元")
        return SourceRow(
            row: fields.record.row, line: fields.record.line, kind: kind, date: date, category: category,
            names: [fields.text("品目"), fields.text("お店"), category.minor, category.major]
                + (fields.text("方法") == "transfer" ? [fields.text("メモ"), "振替"] : []), sourceID: nil,
            identity: identity, details: [.payment: payment, .shop: fields.text("お店"), .memo: fields.text("メモ")],
            yearOnly: fields.text("集計の設定") == yearOnly)
    }
}
