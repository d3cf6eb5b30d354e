import KakeiboReports
import KakeiboValues

/// Reports as SVG charts, as the app draws them: the month as a donut of its slices with the total in the middle,
/// the year as a bar per month stacked from its slices, on an axis of amounts.
///
/// Only positive slices are drawn — a pie has no negative slices. A slice whose total is zero or negative
/// (refunds outweigh purchases) appears in the legend with its amount and no wedge or bar; the totals printed are
/// the real (net) totals, so with refunds they are smaller than what the drawn slices add up to.
public enum SVGRenderer {
    static let grey = "#DDDDDD"
    static let ink = "#222222"
    static let faint = "#666666"
    static let refund = "#C0392B"

    // MARK: Month

    static let center = (x: 200.0, y: 240.0)
    static let outerRadius = 150.0
    static let innerRadius = 90.0

    public static func month(_ report: MonthReport, taxonomy: Taxonomy, language: Language) -> String {
        // Income is never a slice of the pie: the title carries it and the balance (収支).
        let heading = Labels.heading(Labels.month(report.month, language), report.filter, taxonomy, language)
        let balance =
            report.income.count > 0 ? TableRenderer.balanceLine(report.income, balance: report.balance, language, width: .max) : nil
        let rows = report.breakdown
        let legendTop = 96.0
        let rowHeight = 26.0
        let legendRows = rows.count + (ChartPalette.repeats(rows.count) ? 1 : 0)
        var svg = SVGDocument(
            width: 680, height: max(440, legendTop + Double(legendRows) * rowHeight + 24), title: heading + (balance.map { " · " + $0 } ?? ""))
        svg.heading(heading, summary: balance)

        let looks = ChartPalette.looks(rows, report.grouping)
        let positive = rows.reduce(0) { $0 + max($1.total.amount, 0) }
        svg.open("g", [("class", "donut")])
        if positive == 0 {
            let middle = (outerRadius + innerRadius) / 2
            svg.element(
                "circle",
                [
                    ("cx", SVGDocument.number(center.x)), ("cy", SVGDocument.number(center.y)), ("r", SVGDocument.number(middle)),
                    ("fill", "none"), ("stroke", grey), ("stroke-width", SVGDocument.number(outerRadius - innerRadius)),
                ])
        }
        var start = 0.0
        var running = 0
        for (row, look) in zip(rows, looks) where row.total.amount > 0 {
            // Each boundary comes from the running sum, so the wedges close the circle exactly.
            running += row.total.amount
            let end = 360 * Double(running) / Double(positive)
            let label = Labels.rowLabel(row, report.grouping, taxonomy, language)
            svg.open(
                "path", [("class", "slice"), ("d", wedge(from: start, to: end)), ("fill", look.hex), ("stroke", "#FFFFFF"), ("stroke-width", "1")])
            svg.element("title", [], text: "\(label) \(row.total.formatted(language)) (\(Labels.percent(row.share)))")
            svg.close("path")
            if end - start >= 14 { // room for the percentage inside the ring
                let mid = point((start + end) / 2, (outerRadius + innerRadius) / 2)
                svg.element(
                    "text",
                    [
                        ("class", "slice-label"), ("x", SVGDocument.number(mid.x)), ("y", SVGDocument.number(mid.y + 5)),
                        ("font-size", "13"), ("font-weight", "bold"), ("fill", "#FFFFFF"), ("text-anchor", "middle"),
                    ], text: Labels.percent(row.share))
            }
            start = end
        }
        svg.close("g")

        // The total in the middle.
        let middleText: [(String, Double, String, String)] =
            report.count == 0
            ? [(Labels.noData(language), 6, "16", faint)]
            : [
                (Labels.total(language), -14, "14", faint), (report.total.formatted(language), 14, "22", ink),
                (Labels.count(report.count, language), 36, "12", faint),
            ]
        for (text, dy, size, colour) in middleText {
            svg.element(
                "text",
                [
                    ("class", "total"), ("x", SVGDocument.number(center.x)), ("y", SVGDocument.number(center.y + dy)),
                    ("font-size", size), ("font-weight", size == "22" ? "bold" : "normal"), ("fill", colour), ("text-anchor", "middle"),
                ], text: text)
        }

        // The legend: a swatch, the name, the amount and the share of each slice, refunds included.
        svg.open("g", [("class", "legend"), ("font-size", "13")])
        for (index, (row, look)) in zip(rows, looks).enumerated() {
            let y = legendTop + Double(index) * rowHeight
            let drawn = row.total.amount > 0
            svg.element(
                "rect",
                [
                    ("x", "390"), ("y", SVGDocument.number(y - 11)), ("width", "14"), ("height", "14"), ("rx", "2"),
                    ("fill", drawn ? look.hex : "none"), ("stroke", look.hex), ("stroke-width", drawn ? "0" : "1.5"),
                ])
            let label = truncate(Labels.rowLabel(row, report.grouping, taxonomy, language), to: 16)
            svg.element("text", [("x", "412"), ("y", SVGDocument.number(y)), ("fill", ink)], text: label)
            svg.element(
                "text",
                [
                    ("x", "600"), ("y", SVGDocument.number(y)), ("fill", row.total.amount < 0 ? refund : ink), ("text-anchor", "end"),
                ], text: row.total.formatted(language))
            svg.element(
                "text", [("x", "656"), ("y", SVGDocument.number(y)), ("fill", faint), ("text-anchor", "end")],
                text: drawn ? Labels.percent(row.share) : "—")
        }
        if ChartPalette.repeats(rows.count) {
            svg.element(
                "text", [("x", "390"), ("y", SVGDocument.number(legendTop + Double(rows.count) * rowHeight)), ("fill", faint)],
                text: Labels.paletteRepeats(language))
        }
        svg.close("g")
        return svg.finish()
    }

    /// A ring segment between two angles (degrees clockwise from the top): the outer arc forward, the inner arc
    /// back. Arcs longer than a half turn are drawn in two halves, so even a single 360° slice is a closed ring.
    static func wedge(from start: Double, to end: Double) -> String {
        let stops = end - start > 180 ? [start, (start + end) / 2, end] : [start, end]
        var d = "M" + coordinates(point(start, outerRadius))
        for stop in stops.dropFirst() { d += " A\(n(outerRadius)) \(n(outerRadius)) 0 0 1 " + coordinates(point(stop, outerRadius)) }
        d += " L" + coordinates(point(end, innerRadius))
        for stop in stops.reversed().dropFirst() { d += " A\(n(innerRadius)) \(n(innerRadius)) 0 0 0 " + coordinates(point(stop, innerRadius)) }
        return d + " Z"
    }

    static func point(_ degrees: Double, _ radius: Double) -> (x: Double, y: Double) {
        let radians = degrees * Double.pi / 180
        return (center.x + radius * sin(radians), center.y - radius * cos(radians))
    }

    static func coordinates(_ point: (x: Double, y: Double)) -> String { n(point.x) + " " + n(point.y) }

    static func n(_ value: Double) -> String { SVGDocument.number(value) }
}
