import KakeiboReports
import KakeiboValues

/// How a slice of a chart looks: the same colour for a category (or subcategory) code in every chart and format,
/// and a fill character that tells the slices apart when there is no colour.
struct SliceLook: Equatable {
    /// "#F28E2B", for SVG.
    var hex: String
    /// The nearest terminal colour.
    var ink: Ink
    /// What the slice's bar is drawn with in text.
    var fill: Character
}

enum ChartPalette {
    /// Colours by code: category code N (or, within one category, subcategory code N) takes entry N, cycling; each
    /// entry's terminal colour (`Ink.Colour`, named as the SVG colour) is its own too.
    static let colours: [(hex: String, ink: Ink)] = [
        ("#F28E2B", .colour(.orange)),
        ("#4E79A7", .colour(.blue)),
        ("#59A14F", .colour(.green)),
        ("#E15759", .colour(.red)),
        ("#B07AA1", .colour(.purple)),
        ("#76B7B2", .colour(.teal)),
        ("#EDC948", .colour(.yellow)),
        ("#FF9DA7", .colour(.pink)),
        ("#9C755F", .colour(.brown)),
        ("#86BCB6", .colour(.lightTeal)),
        // Codes 10–19, so that the household taxonomy's categories (0–19) each have their own colour.
        ("#A0CBE8", .colour(.lightBlue)),
        ("#8CD17D", .colour(.lightGreen)),
        ("#B6992D", .colour(.olive)),
        ("#D37295", .colour(.magenta)),
        ("#4B4B8F", .colour(.indigo)),
        ("#D4A6C8", .colour(.lavender)),
        ("#499894", .colour(.darkTeal)),
        ("#FFBE7D", .colour(.lightOrange)),
        ("#FF9D9A", .colour(.salmon)),
        ("#79706E", .colour(.warmGrey)),
    ]
    /// Items without a subcategory ("none") are grey, as the app draws them.
    static let none = (hex: "#BAB0AC", ink: Ink.colour(.grey))
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
            guard let code else { return SliceLook(hex: none.hex, ink: none.ink, fill: fill) }
            var entry = positive(code) % colours.count
            if taken.count < colours.count {
                while taken.contains(entry) { entry = (entry + 1) % colours.count }
            }
            taken.insert(entry)
            return SliceLook(hex: colours[entry].hex, ink: colours[entry].ink, fill: fill)
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
