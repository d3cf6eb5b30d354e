import KakeiboKit

/// MoneyForward ME's CSV export (収入・支出詳細): dates 2024/12/03, expenses negative and income positive.
enum MoneyForward {
    static let columns = ["計算対象", "日付", "内容", "金額（円）", "保有金融機関", "大項目", "中項目", "メモ", "振替", "ID"]

    /// The 大項目 of money coming in.
    static let incomeCategory = "収入"

    /// A transfer (振替 1) moves money out of 保有金融機関 to the account 内容 names (a negative amount), or into it
    /// from that one (a positive amount). A row is skipped when it is not counted (計算対象 0) or zero. A row in 大項目 収入 is
    /// income as it stands (+250,000 is 250000). Any other row is an expense: -1,200 becomes a price of 1200, and
    /// a positive amount outside 収入 — money given back in an expense category — becomes a refund, a negative
    /// price (+500 in 食費 is -500).
    static func interpret(_ fields: RowFields) throws(ConvertProblem) -> SourceRow {
        let date = try fields.date("日付", separator: "/", example: "2024/12/03")
        let counted = try fields.flag("計算対象")
        let transfer = try fields.flag("振替")
        let amount = try fields.amount("金額（円）")
        let category = SourceCategory(fields.text("大項目"), fields.text("中項目"))
        let kind: SourceRow.Kind =
            if transfer {
                amount <= 0
                    ? .transfer(Yen(-amount), from: fields.text("保有金融機関"), to: fields.text("内容"))
                    : .transfer(Yen(amount), from: fields.text("内容"), to: fields.text("保有金融機関"))
            } else if category.major == incomeCategory {
                .income(Yen(amount), skip: !counted ? .notCounted : amount == 0 ? .zero : nil)
            } else if !counted { .skipped(.notCounted) } else if amount == 0 { .skipped(.zero) } else { .expense(Yen(-amount)) }
        var sourceID: String?
        let id = fields.text("ID")
        if !id.isEmpty {
            do { sourceID = try ItemID.validate(id) } catch { throw fields.fail("ID", .value(error)) }
        }
        return SourceRow(
            row: fields.record.row, line: fields.record.line, kind: kind, date: date, category: category,
            names: [fields.text("内容"), category.minor, category.major], sourceID: sourceID,
            identity: [fields.text("日付"), fields.text("内容"), fields.text("金額（円）"), fields.text("保有金融機関")],
            details: [.payment: fields.text("保有金融機関"), .memo: fields.text("メモ")])
    }
}
