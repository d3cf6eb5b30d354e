import KakeiboReports
import KakeiboValues

/// How a slice of a chart looks: the same colour for a category (or subcategory) code in every chart and format,
/// and a fill character that tells the slices apart when there is no colour.
struct SliceLook: Equatable {
    /// "#F28E2B", for SVG.
    var hex: String
    /// The ANSI SGR code of the nearest terminal colour ("33").
    var sgr: String
    /// What the slice's bar is drawn with in text.
    var fill: Character
}

enum ChartPalette {
    /// Colours by code: category code N (or, within one category, subcategory code N) takes entry N, cycling.
    static let colours: [(hex: String, sgr: String)] = [
        ("#F28E2B", "33"), // orange
        ("#4E79A7", "34"), // blue
        ("#59A14F", "32"), // green
        ("#E15759", "31"), // red
        ("#B07AA1", "35"), // purple
        ("#76B7B2", "36"), // teal
        ("#EDC948", "93"), // yellow
        ("#FF9DA7", "95"), // pink
        ("#9C755F", "91"), // brown
        ("#86BCB6", "96"), // light teal
        // Codes 10–19, so that the household taxonomy's categories (0–19) each have their own colour.
        ("#A0CBE8", "94"), // light blue
        ("#8CD17D", "92"), // light green
        ("#B6992D", "33"), // olive
        ("#D37295", "35"), // magenta
        ("#4B4B8F", "34"), // indigo
        ("#D4A6C8", "95"), // lavender
        ("#499894", "36"), // dark teal
        ("#FFBE7D", "93"), // light orange
        ("#FF9D9A", "91"), // salmon
        ("#79706E", "90"), // warm grey
    ]
    /// Items without a subcategory ("none") are grey, as the app draws them.
    static let none = (hex: "#BAB0AC", sgr: "90")
    /// A single series over time (trend): the second colour, blue.
    static let lineColour = colours[1].hex

    /// Fill characters in chart order; neighbours contrast, so a stacked bar reads without colour.
    static let fills: [Character] = ["█", "░", "▓", "▚", "▒", "▄", "▞", "▀", "▙", "▜"]

    /// The look of the `index`-th slice of a chart (its position fixes the fill; its code fixes the colour).
    static func look(_ row: BreakdownRow, _ grouping: Grouping, index: Int) -> SliceLook {
        let colour: (hex: String, sgr: String)
        switch grouping {
        case .category: colour = colours[positive(row.category) % colours.count]
        case .subcategory: colour = row.subcategory.map { colours[positive($0) % colours.count] } ?? none
        }
        return SliceLook(hex: colour.hex, sgr: colour.sgr, fill: fills[index % fills.count])
    }

    private static func positive(_ code: Int) -> Int { code == Int.min ? 0 : abs(code) }
}

extension YearReport {
    /// The stacked bars' pieces: for each month, the amount of each slice of the year's breakdown, in its order.
    /// A slice that is negative in a month (refunds) counts 0 there: bars stack only what was spent.
    var stacks: [[Int]] {
        months.map { month in
            breakdown.map { slice in max(month.breakdown.first { $0.code == slice.code }?.total.amount ?? 0, 0) }
        }
    }
}
