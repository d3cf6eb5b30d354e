import KakeiboReports
import KakeiboValues

/// The terminal's charts: the month's breakdown as one bar per slice, the year as a stacked bar per month.
/// Each slice keeps one colour (by its code) and one fill character (by its place), so the charts read the same
/// with colour, without it (NO_COLOR, pipes) and in Japanese, where names are double width.
extension TableRenderer {
    /// One row per category (or subcategory): amount, count, share, and a bar as long as its share of the width.
    static func breakdownTable(_ rows: [BreakdownRow], grouping: Grouping, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        let first = grouping == .category ? language.pick("Category", "項目") : language.pick("Subcategory", "内訳")
        let chart = BarTable(
            columns: [
                .left(first), .right(language.pick("Amount", "金額")).dropping(1), .right(language.pick("Count", "件数")).dropping(0),
                .right(language.pick("Share", "割合")),
            ],
            rows: rows.map { row in
                [
                    .init(Labels.rowLabel(row, grouping, taxonomy, language)), money(row.total, language),
                    .init(Yen(row.count).grouped), .init(Labels.percent(row.share)),
                ]
            })
        let looks = ChartPalette.looks(rows, grouping)
        // Narrow terminals: first the count goes, then names are shortened, then the amount goes.
        let steps: [BarTable.Step] = [.drop(turn: 0, ifBarBelow: 10), .shortenLabels(atLeast: 6, ifBarBelow: 10), .drop(turn: 1, ifBarBelow: 4)]
        return chart.render(style, steps: steps) { width in
            zip(rows, looks).map { row, look in
                .init(repeated(look.fill, count: cells(row.share, of: width)), look.ink)
            }
        }
    }

    /// The year's twelve months: each total (and its slices' amounts when they fit), a bar stacked from the
    /// year's slices and scaled to the largest month, and a legend of the slices.
    static func monthsTable(_ report: YearReport, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        let slices = report.breakdown
        let looks = ChartPalette.looks(slices, report.grouping)
        let chart = BarTable(
            columns: [.left(language.pick("Month", "月")), .right(Labels.total(language)).dropping(1)]
                + slices.map { .right(Labels.rowLabel($0, report.grouping, taxonomy, language)).dropping(0) },
            rows: report.months.map { month in
                [.init(Labels.shortMonth(month.month, language)), money(month.total, language)]
                    + slices.map { slice in
                        let amount = month.breakdown.first { $0.code == slice.code }?.total ?? .zero
                        return amount == .zero ? .init("-", .dim) : money(amount, language)
                    }
            })
        let stacks = report.stacks
        let largest = stacks.map { $0.reduce(0, +) }.max() ?? 0
        let steps: [BarTable.Step] = [.drop(turn: 0, ifBarBelow: 20), .drop(turn: 1, ifBarBelow: 4)]
        let table = chart.render(style, steps: steps) { width in
            stacks.map { amounts in
                var parts: [(text: String, ink: Ink?)] = []
                var sum = 0
                var drawn = 0
                for (amount, look) in zip(amounts, looks) where amount > 0 {
                    // Each boundary is rounded from the running sum, so the pieces add up to the month's bar.
                    sum += amount
                    let end = Int((Double(sum) / Double(largest) * Double(width)).rounded())
                    parts.append((repeated(look.fill, count: end - drawn), look.ink))
                    drawn = end
                }
                return .init(parts: parts)
            }
        }
        let entries = zip(slices, looks).map { slice, look in
            (text: String(look.fill) + " " + Labels.rowLabel(slice, report.grouping, taxonomy, language), ink: look.ink)
        }
        let repeats = ChartPalette.repeats(slices.count) ? style.dim(Labels.paletteRepeats(language)) + "\n" : ""
        return table + legend(entries, style) + repeats
    }

    /// The slices' names after their fill characters, as many to a line as the width allows.
    static func legend(_ entries: [(text: String, ink: Ink?)], _ style: TextStyle) -> String {
        var out = ""
        var line = ""
        var used = 0
        for entry in entries {
            let text = truncate(terminalSafe(entry.text), to: style.width)
            let width = displayWidth(text)
            if used > 0 && used + 3 + width > style.width {
                out += line + "\n"
                line = ""
                used = 0
            }
            if used > 0 {
                line += "   "
                used += 3
            }
            // Only the fill takes the slice's colour; the name stays plain.
            line += style.paint(String(text.prefix(1)), entry.ink) + String(text.dropFirst())
            used += width
        }
        return line.isEmpty ? out : out + line + "\n"
    }

    /// An amount, red when it is a refund.
    static func money(_ amount: Yen, _ language: Language) -> TextTable.Cell {
        .init(amount.formatted(language), amount.amount < 0 ? .negative : nil)
    }

    /// How many columns of a `width`-column bar a share takes: at least one for any positive share, so no slice
    /// vanishes; none for a share that isn't positive.
    static func cells(_ share: Double, of width: Int) -> Int {
        guard share > 0, width > 0 else { return 0 }
        return max(1, Int((min(share, 1) * Double(width)).rounded()))
    }
}

/// A table of text columns followed by a bar column that takes the width they leave. When the width is short the
/// table gives way one step at a time — dropping columns, shortening the labels of the first — so that no line
/// is wider than the terminal; when even that is not enough, the bars go (width 0).
struct BarTable {
    enum Step {
        /// Drop the columns of this turn (their `drops`) when the bar would be narrower than `ifBarBelow`.
        case drop(turn: Int, ifBarBelow: Int)
        /// Shorten the first column (to no less than `atLeast`) until the bar is `ifBarBelow` wide.
        case shortenLabels(atLeast: Int, ifBarBelow: Int)
    }

    /// The text columns; each has a header. Which go is their `drops`; when, and whether the labels shorten first, is
    /// the steps'.
    var columns: [TextTable.Column]
    var rows: [[TextTable.Cell]]

    /// `bars(width)` gives each row's bar for a bar column `width` wide.
    func render(_ style: TextStyle, steps: [Step], bars: (Int) -> [TextTable.Cell]) -> String {
        var full = TextTable(columns)
        full.rows = rows
        let widths = full.columnWidths()
        var kept = Array(columns.indices)
        var labelWidth = widths.first ?? 0
        // Every kept column is followed by two spaces.
        func barWidth() -> Int { style.width - kept.reduce(0) { $0 + ($1 == 0 ? labelWidth : widths[$1]) + 2 } }
        for step in steps {
            switch step {
            case .drop(let turn, let minimum) where barWidth() < minimum:
                kept.removeAll { columns[$0].drops == turn }
            case .shortenLabels(let atLeast, let minimum) where barWidth() < minimum:
                labelWidth = max(atLeast, labelWidth - (minimum - barWidth()))
            default: break
            }
        }
        func cut(_ cell: TextTable.Cell, _ column: Int) -> TextTable.Cell {
            column == 0 && displayWidth(cell.text) > labelWidth ? .init(truncate(cell.text, to: labelWidth), cell.ink) : cell
        }
        func shown(_ index: Int) -> TextTable.Column {
            var column = columns[index]
            column.header = cut(.init(column.header ?? ""), index).text
            column.drops = nil // the steps have dropped what goes: the table fits as it is
            return column
        }
        var table = TextTable(kept.map(shown) + [.left("")])
        for (row, bar) in zip(rows, bars(max(0, barWidth()))) {
            table.add(kept.map { cut(row[$0], $0) } + [bar])
        }
        return table.render(style)
    }
}
