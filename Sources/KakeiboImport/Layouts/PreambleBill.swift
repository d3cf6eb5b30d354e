import KakeiboKit

/// The bill a card statement read by a layout states above its header: a due date (MyJCB's `今回のお支払日`, イオン's
/// `お支払い日`, ライフカード's `支払日`, dカード's `2024年12月10日お支払分`) and the amount (`今回のお支払金額合計(￥)`,
/// `今回ご請求金額`). With a date and no amount, the bill is the sum of the statement's lines (what they add to
/// spending); with neither, the statement states no bill. Labels are compared width-folded, without spaces, brackets or
/// currency marks.
enum PreambleBill {
    static let amountLabels: Set<String> = [
        "今回のお支払金額合計", "今回のお支払い金額合計", "今回ご請求金額", "今回のご請求金額", "ご請求金額", "今回ご請求額", "お支払金額", "お支払い金額",
        "今回お支払金額", "今回のお支払金額", "今回のお支払い金額", "ご請求金額合計", "お支払金額合計",
    ]
    static let dateLabels: Set<String> = [
        "今回のお支払日", "今回のお支払い日", "お支払日", "お支払い日", "支払日", "引落日", "お引落日", "お引き落とし日", "引落予定日", "口座振替日", "振替日",
        "お支払予定日",
    ]
    /// What a cell holding its own date ends with: `2024年12月10日お支払分`.
    static let dueSuffixes = ["お支払分", "お支払い分", "支払分", "ご請求分"]

    static func read(_ preamble: ArraySlice<CSVRecord>, lines: [StatementLine]) -> CardBill? {
        var amount: Int?
        var due: (date: CalendarDate?, month: YearMonth?)?
        for record in preamble {
            let cells = record.fields.map(trimWhitespace)
            for (position, cell) in cells.enumerated() {
                let label = bare(cell)
                let value = cells[(position + 1)...].first { !$0.isEmpty }
                if amount == nil, amountLabels.contains(label), let value,
                    let yen = try? StatementFields.yen(value, { _ in ConvertProblem.notText }), yen > 0
                {
                    amount = yen
                } else if due == nil, dateLabels.contains(label), let value, let found = date(value) {
                    due = found
                } else if due == nil, dueSuffixes.contains(where: label.hasSuffix), let found = date(label) {
                    due = found
                }
            }
        }
        guard let due else { return nil }
        let billed = amount ?? lines.reduce(0) { $0 + ($1.flow == .spending ? $1.price.amount : 0) }
        guard billed > 0 else { return nil }
        if let date = due.date { return CardBill(amount: Yen(billed), date: date) }
        return due.month.map { CardBill(amount: Yen(billed), month: $0) }
    }

    /// A label as compared: width-folded, without spaces, brackets and currency marks.
    static func bare(_ text: String) -> String {
        let dropped: Set<Character> = [" ", "　", "(", ")", "（", "）", "¥", "￥", "\\", "円"]
        return String(WidthFold.fold(text).filter { !dropped.contains($0) })
    }

    /// `2024/12/10`, `2025年 1月 6日`, `2024-12-10`: a day; `2024年12月`: a month.
    static func date(_ text: String) -> (date: CalendarDate?, month: YearMonth?)? {
        var numbers: [Int] = []
        var digits = ""
        for character in WidthFold.fold(text) + " " {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if !digits.isEmpty {
                numbers.append(Int(digits) ?? 0)
                digits = ""
            }
        }
        guard numbers.count >= 2, (1900...2999).contains(numbers[0]), (1...12).contains(numbers[1]) else { return nil }
        if numbers.count >= 3, let date = CalendarDate(year: numbers[0], month: numbers[1], day: numbers[2]) { return (date, nil) }
        return (nil, CalendarDate(year: numbers[0], month: numbers[1], day: 1)?.yearMonth)
    }
}
