import KakeiboReports
import KakeiboValues

/// The year as a bar per month stacked from its slices, with their legend.
extension SVGRenderer {
    public static func year(_ report: YearReport, taxonomy: Taxonomy, language: Language) -> String {
        let heading = Labels.heading(Labels.year(report.year, language), report.filter, taxonomy, language)
        let summary =
            "\(Labels.total(language)) \(report.total.formatted(language)) · \(Labels.count(report.count, language))"
            + (report.income.count > 0 ? " · " + TableRenderer.balanceLine(report.income, balance: report.balance, language, width: .max) : "")
        let slices = report.breakdown
        let looks = ChartPalette.looks(slices, report.grouping)
        let labels = slices.map { Labels.rowLabel($0, report.grouping, taxonomy, language) }

        // The legend's rows, laid out first because they decide the height.
        var legend: [(x: Double, row: Int)] = []
        var x = plot.left
        var row = 0
        for label in labels {
            let width = 22 + SVGDocument.textWidth(truncate(label, to: 24), size: 12) + 18
            if x > plot.left && x + width > plot.right {
                row += 1
                x = plot.left
            }
            legend.append((x, row))
            x += width
        }
        let legendTop = plot.bottom + 52
        let repeats = ChartPalette.repeats(slices.count)
        var svg = SVGDocument(width: 760, height: legendTop + Double(row + (repeats ? 2 : 1)) * 22 + 12, title: heading + " · " + summary)
        svg.heading(heading, summary: summary)

        // The axis: round steps from zero to at least the largest month.
        let stacks = report.stacks
        let largest = stacks.map { $0.reduce(0, +) }.max() ?? 0
        let scale = drawAxis(&svg, low: 0, high: largest, language: language).scale

        // The bars: each month's positive slices stacked from the axis up, in the legend's order.
        let slot = (plot.right - plot.left) / 12
        let barWidth = slot * 0.6
        for (index, month) in report.months.enumerated() {
            let left = plot.left + slot * Double(index) + (slot - barWidth) / 2
            let name = Labels.shortMonth(month.month, language)
            svg.open("g", [("class", "month"), ("id", "month-\(pad2(month.month))")])
            svg.element("title", [], text: "\(name) \(month.total.formatted(language))")
            var running = 0
            var bottom = plot.bottom
            for ((amount, look), label) in zip(zip(stacks[index], looks), labels) where amount > 0 {
                // Edges come from the running sum, so the pieces add up to the month's bar exactly.
                running += amount
                let top = (plot.bottom - Double(running) * scale) * 100
                let edge = top.rounded() / 100
                svg.open(
                    "rect",
                    [
                        ("class", "segment"), ("x", n(left)), ("y", n(edge)), ("width", n(barWidth)), ("height", n(bottom - edge)),
                        ("fill", look.hex),
                    ])
                svg.element("title", [], text: "\(name) \(label) \(Yen(amount).formatted(language))")
                svg.close("rect")
                bottom = edge
            }
            svg.element(
                "text",
                [
                    ("x", n(left + barWidth / 2)), ("y", n(plot.bottom + 20)), ("font-size", "12"), ("fill", ink), ("text-anchor", "middle"),
                ], text: name)
            svg.close("g")
        }
        if report.count == 0 {
            svg.element(
                "text",
                [
                    ("x", n((plot.left + plot.right) / 2)), ("y", n((plot.top + plot.bottom) / 2)), ("font-size", "16"),
                    ("fill", faint), ("text-anchor", "middle"),
                ], text: Labels.noData(language))
        }

        svg.open("g", [("class", "legend"), ("font-size", "12")])
        for ((place, label), (slice, look)) in zip(zip(legend, labels), zip(slices, looks)) {
            let y = legendTop + Double(place.row) * 22
            let drawn = slice.total.amount > 0
            svg.element(
                "rect",
                [
                    ("x", n(place.x)), ("y", n(y - 11)), ("width", "14"), ("height", "14"), ("rx", "2"),
                    ("fill", drawn ? look.hex : "none"), ("stroke", look.hex), ("stroke-width", drawn ? "0" : "1.5"),
                ])
            svg.element("text", [("x", n(place.x + 22)), ("y", n(y)), ("fill", ink)], text: truncate(label, to: 24))
        }
        if repeats {
            svg.element(
                "text", [("x", n(plot.left)), ("y", n(legendTop + Double(row + 1) * 22)), ("fill", faint)], text: Labels.paletteRepeats(language))
        }
        svg.close("g")
        return svg.finish()
    }
}
