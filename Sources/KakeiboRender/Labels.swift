import KakeiboReports
import KakeiboValues

/// Words and date forms shown to people, in both languages.
public enum Labels {
    static let monthNamesEN = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]
    static let weekdaysEN = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let weekdaysJA = ["日", "月", "火", "水", "木", "金", "土"]

    /// "December 2024" / "2024年12月"
    public static func month(_ month: YearMonth, _ language: Language) -> String {
        language.pick("\(monthNamesEN[month.month - 1]) \(month.year)", "\(month.year)年\(month.month)月")
    }

    /// "December" / "12月"
    public static func monthName(_ month: Int, _ language: Language) -> String {
        language.pick(monthNamesEN[month - 1], "\(month)月")
    }

    /// "Dec" / "12月"
    public static func shortMonth(_ month: Int, _ language: Language) -> String {
        language.pick(String(monthNamesEN[month - 1].prefix(3)), "\(month)月")
    }

    /// "2024" / "2024年"
    public static func year(_ year: Int, _ language: Language) -> String {
        language.pick(String(year), "\(year)年")
    }

    /// The day as the app's list shows it: "3 Tue" / "3(火)".
    public static func day(_ date: CalendarDate, _ language: Language) -> String {
        language.pick("\(date.day) \(weekdaysEN[date.weekday])", "\(date.day)(\(weekdaysJA[date.weekday]))")
    }

    /// "23 items" / "23件"
    public static func count(_ count: Int, _ language: Language) -> String {
        language.pick(count == 1 ? "1 item" : "\(Yen(count).grouped) items", "\(Yen(count).grouped)件")
    }

    /// Parts joined by " · " on one line while they fit `width`, a new line started where the next would not (a
    /// part wider than `width` stands alone on its line: an amount is never cut).
    static func fold(_ parts: [String], width: Int) -> String {
        var out = ""
        var used = 0
        for part in parts {
            let partWidth = displayWidth(part)
            if out.isEmpty {
                used = partWidth
            } else if used + 3 + partWidth <= width {
                out += " · "
                used += 3 + partWidth
            } else {
                out += "\n"
                used = partWidth
            }
            out += part
        }
        return out
    }

    public static func noData(_ language: Language) -> String { language.pick("No data", "データなし") }
    public static func total(_ language: Language) -> String { BudgetTarget.totalName(language) }

    /// "64.8%"
    public static func percent(_ share: Double) -> String {
        let tenths = Int((share * 1000).rounded())
        return "\(tenths / 10).\(abs(tenths % 10))%"
    }

    /// A report's title: the period, then the filter's category and subcategory ("December 2024 · Food › Drink").
    static func heading(_ period: String, _ filter: CategoryFilter?, _ taxonomy: Taxonomy, _ language: Language) -> String {
        guard let filter else { return period }
        var text = period + " · " + taxonomy.label(category: filter.category, language)
        if case .some(let sub) = filter.subcategory {
            text += " › " + taxonomy.label(category: filter.category, subcategory: sub, language)
        }
        return text
    }

    /// A breakdown slice's name: the category, or the subcategory when the report is of one category.
    static func rowLabel(_ row: BreakdownRow, _ grouping: Grouping, _ taxonomy: Taxonomy, _ language: Language) -> String {
        switch grouping {
        case .category: return taxonomy.label(category: row.category, language)
        case .subcategory: return taxonomy.label(category: row.category, subcategory: row.subcategory, language)
        }
    }

    /// An item's category as a list shows it: "Food › Drink", or only the subcategory when the report is of one
    /// category (as the app does).
    static func categoryLabel(_ item: Item, _ filter: CategoryFilter?, _ taxonomy: Taxonomy, _ language: Language) -> String {
        filter == nil
            ? taxonomy.label(item.category, language)
            : taxonomy.label(category: item.category.category, subcategory: item.category.subcategory, language)
    }
}

extension Labels {
    /// "Dec 2024" / "2024年12月"
    public static func shortMonthYear(_ month: YearMonth, _ language: Language) -> String {
        language.pick("\(shortMonth(month.month, language)) \(month.year)", "\(month.year)年\(month.month)月")
    }

    /// "+¥17,925" / "-2,536円": an amount with its sign always shown.
    public static func signed(_ amount: Yen, _ language: Language) -> String {
        (amount > .zero ? "+" : "") + amount.formatted(language)
    }

    /// "+17.8%", "-4.4%", "0.0%"
    public static func signedPercent(_ ratio: Double) -> String {
        let tenths = Int((ratio * 1000).rounded())
        let sign = tenths > 0 ? "+" : tenths < 0 ? "-" : ""
        return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)%"
    }
}

extension Labels {
    /// " (2024-12-25 – 2025-01-24)" for a month that doesn't start on the 1st; nothing for a calendar month.
    static func range(_ period: MonthPeriod) -> String {
        period.start.isCalendar ? "" : " (\(period.first.iso) – \(period.last.iso))"
    }
}
