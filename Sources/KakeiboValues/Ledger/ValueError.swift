/// Why a value typed by a person (or read from a file) is not acceptable.
public enum ValueError: KakeiboFailure, Equatable {
    case year(String)
    case month(String)
    case dateFormat(String)
    case dateMonth(String)
    case dateDay(String, year: Int, month: Int, days: Int)
    /// A date written in an era it isn't in (H31.5.1: 平成 ended on 2019-04-30).
    case dateEra(String, era: String, first: CalendarDate, last: CalendarDate?)
    case price(String, reason: PriceProblem)
    case nameEmpty
    /// A date the household server takes none of (`SyncLimits`).
    case dateOutsideSync(CalendarDate)
    case nameTooLong(count: Int)
    case nameControlCharacter
    case id(String)
    case unknownCategory(String, valid: [String], nearest: String? = nil)
    case unknownSubcategory(String, category: String, valid: [String], nearest: String? = nil)
    /// A reimbursed amount (補填される金額) that is not whole yen from 0 to the limit.
    case reimbursed(String)
    case reimbursedOverPrice(Yen, price: Yen)
    /// A total income (for the 医療費控除's threshold) that is not whole yen from 0.
    case income(String)
    /// An `app-categories` setting that isn't category codes, each with its subcategory codes ("0:0-3 1:0-2").
    case appCategories(String)

    public enum PriceProblem: Equatable, Sendable {
        case notWhole, zero, tooLarge

        /// What is wrong with the price `text`.
        func message(_ text: String, in language: Language) -> String {
            switch self {
            case .notWhole:
                return language.pick(
                    "price must be a whole number of yen such as 178 or -500, got '\(text)'",
                    "金額は 178 や -500 のような円単位の整数で指定してください（指定: '\(text)'）")
            case .zero:
                return language.pick(
                    "price must not be 0 (a negative price records a refund)",
                    "金額に 0 は指定できません（返金はマイナスの金額で記録します）")
            case .tooLarge:
                return language.pick(
                    "price must be between -\(Yen.limitText) and \(Yen.limitText) yen, got '\(text)'",
                    "金額は -\(Yen.limitText)〜\(Yen.limitText) 円の範囲で指定してください（指定: '\(text)'）")
            }
        }
    }

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .year(let text):
            return language.pick(
                "year must be a number from \(Year.minimum) to \(Year.maximum), got '\(text)'",
                "年は \(Year.minimum)〜\(Year.maximum) の数で指定してください（指定: '\(text)'）")
        case .month(let text):
            return language.pick(
                "month must be 1–12, got '\(text)'",
                "月は 1〜12 で指定してください（指定: '\(text)'）")
        case .dateFormat(let text):
            return language.pick(
                "a date is YYYY-MM-DD (2024-12-01), 2024/12/1, 2024.12.1, 2024年12月1日, R6.12.1 or 令和6年12月1日 (H, S too), 12/1 or 12月1日 (the nearest such day), today, yesterday, tomorrow (今日, 昨日, 一昨日, 明日, 明後日), got '\(text)'",
                "日付は YYYY-MM-DD（2024-12-01）、2024/12/1、2024.12.1、2024年12月1日、R6.12.1・令和6年12月1日（H・S も）、12/1・12月1日（いちばん近いその日）、今日、昨日、一昨日、明日、明後日（today、yesterday、tomorrow）のいずれかで指定してください（指定: '\(text)'）"
            )
        case .dateMonth(let text):
            return language.pick(
                "'\(text)' is not a date: month must be 1–12",
                "'\(text)' は日付ではありません: 月は 1〜12 です")
        case .dateDay(let text, let year, let month, let days):
            return language.pick(
                "'\(text)' is not a date: \(year)-\(pad2(month)) has \(days) days",
                "'\(text)' は日付ではありません: \(year)年\(month)月は \(days) 日までです")
        case .dateEra(let text, let era, let first, let last):
            guard let last else {
                return language.pick("'\(text)' is not a date: \(era) began on \(first.iso)", "'\(text)' は日付ではありません: \(era)は \(first.iso) からです")
            }
            return language.pick(
                "'\(text)' is not a date: \(era) ran from \(first.iso) to \(last.iso)",
                "'\(text)' は日付ではありません: \(era)は \(first.iso)〜\(last.iso) です")
        case .price(let text, let problem):
            return problem.message(text, in: language)
        case .nameEmpty:
            return language.pick("name must not be empty", "品名が空です")
        case .dateOutsideSync(let date):
            let (first, last) = (SyncLimits.firstDate.iso, SyncLimits.lastDate.iso)
            return language.pick(
                "date \(date.iso) is outside \(first) to \(last), the dates an item may have (the household server takes no other)",
                "日付 \(date.iso) は記録できる範囲（\(first)〜\(last)。家計簿サーバーが受け付ける範囲）の外です")
        case .nameTooLong(let count):
            return language.pick(
                "name must be at most \(ItemName.maximumLength) characters, got \(count)",
                "品名は \(ItemName.maximumLength) 文字以内にしてください（\(count) 文字）")
        case .nameControlCharacter:
            return language.pick(
                "name must not contain control characters (tabs, newlines, escapes)",
                "品名に制御文字（タブ・改行・エスケープ）は使えません")
        case .id(let text):
            return language.pick(
                "id must be 1–\(ItemID.maximumLength) printable characters, got '\(text)'",
                "ID は 1〜\(ItemID.maximumLength) 文字の表示可能な文字列にしてください（指定: '\(text)'）")
        case .unknownCategory(let text, let valid, let nearest):
            return language.pick(
                "unknown category '\(text)'\(didYouMean(nearest, language)); valid: \(valid.joined(separator: ", "))",
                "不明な項目 '\(text)'\(didYouMean(nearest, language))。指定できる項目: \(valid.joined(separator: ", "))")
        case .reimbursed(let text):
            return language.pick(
                "a reimbursed amount must be whole yen from 0 to \(Yen.limitText), got '\(text)'",
                "補填される金額は 0〜\(Yen.limitText) 円の整数で指定してください（指定: '\(text)'）")
        case .income(let text):
            return language.pick(
                "income must be whole yen from 0 to \(Yen.limitText), got '\(text)'", "所得は 0〜\(Yen.limitText) 円の整数で指定してください（指定: '\(text)'）")
        case .appCategories(let text):
            return language.pick(
                "app-categories must be the app's category codes, each with its subcategory codes, like '0:0-3 1:0-2'; got '\(terminalSafe(String(text.prefix(60))))'",
                "app-categories はアプリの項目コードと内訳コードで '0:0-3 1:0-2' のように指定してください（指定: '\(terminalSafe(String(text.prefix(60))))'）")
        case .reimbursedOverPrice(let amount, let price):
            return language.pick(
                "the reimbursed amount \(amount.formatted(language)) is more than the price \(price.formatted(language))",
                "補填される金額 \(amount.formatted(language)) が金額 \(price.formatted(language)) を超えています")
        case .unknownSubcategory(let text, let category, let valid, let nearest):
            return language.pick(
                "unknown subcategory '\(text)' of \(category)\(didYouMean(nearest, language)); valid: \(valid.joined(separator: ", "))",
                "\(category) に内訳 '\(text)' はありません\(didYouMean(nearest, language))。指定できる内訳: \(valid.joined(separator: ", "))")
        }
    }
}

/// " — did you mean food (食費)?" / "（もしかして food (食費)？）", or nothing without a suggestion.
public func didYouMean(_ nearest: String?, _ language: Language) -> String {
    guard let nearest else { return "" }
    return language.pick(" — did you mean \(nearest)?", "（もしかして \(nearest)？）")
}

@usableFromInline
package func pad2(_ value: Int) -> String {
    value < 10 && value >= 0 ? "0\(value)" : String(value)
}
