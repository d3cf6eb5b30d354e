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
    /// Colours by code: category code N (or, within one category, subcategory code N) takes entry N, cycling; each
    /// entry's terminal colour is its own too (the 16 colours for the first ones, the 256-colour cube for the rest).
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
        ("#B6992D", "38;5;142"), // olive
        ("#D37295", "38;5;168"), // magenta
        ("#4B4B8F", "38;5;61"), // indigo
        ("#D4A6C8", "38;5;182"), // lavender
        ("#499894", "38;5;66"), // dark teal
        ("#FFBE7D", "38;5;216"), // light orange
        ("#FF9D9A", "38;5;210"), // salmon
        ("#79706E", "38;5;243"), // warm grey
    ]
    /// Items without a subcategory ("none") are grey, as the app draws them.
    static let none = (hex: "#BAB0AC", sgr: "90")
    /// A single series over time (trend): the second colour, blue.
    static let lineColour = colours[1].hex

    /// Fill characters in chart order, as many as the colours; neighbours contrast, so a stacked bar reads without
    /// colour.
    static let fills: [Character] = [
        "█", "░", "▓", "▚", "▒", "▄", "▞", "▀", "▙", "▜", "▌", "▐", "▛", "▟", "▖", "▝", "▗", "▘", "▆", "▂",
    ]

    /// The looks of a chart's slices, in its order: each slice its code's colour unless an earlier slice of the chart
    /// has it (then the first colour no slice has), and its position's fill. Only a chart of more slices than
    /// `fills` repeats a fill or a colour (`repeats` says so).
    static func looks(_ rows: [BreakdownRow], _ grouping: Grouping) -> [SliceLook] {
        var taken = Set<Int>()
        return rows.indices.map { index in
            let code: Int?
            switch grouping {
            case .category: code = rows[index].category
            case .subcategory: code = rows[index].subcategory
            }
            let fill = fills[index % fills.count]
            guard let code else { return SliceLook(hex: none.hex, sgr: none.sgr, fill: fill) }
            var entry = positive(code) % colours.count
            if taken.count < colours.count {
                while taken.contains(entry) { entry = (entry + 1) % colours.count }
            }
            taken.insert(entry)
            return SliceLook(hex: colours[entry].hex, sgr: colours[entry].sgr, fill: fill)
        }
    }

    /// Whether a chart of `count` slices repeats a fill or a colour: past the palette they cycle.
    static func repeats(_ count: Int) -> Bool { count > min(fills.count, colours.count) }

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
