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
        let title =
            Labels.heading(Labels.month(report.month, language), report.filter, taxonomy, language)
            + (report.income.count > 0 ? " · " + TableRenderer.balanceLine(report.income, balance: report.balance, language, width: .max) : "")
        let rows = report.breakdown
        let legendTop = 96.0
        let rowHeight = 26.0
        var svg = SVGDocument(width: 680, height: max(440, legendTop + Double(rows.count) * rowHeight + 24), title: title)
        svg.element("text", [("x", "24"), ("y", "40"), ("font-size", "20"), ("font-weight", "bold"), ("fill", ink)], text: title)

        let looks = rows.indices.map { ChartPalette.look(rows[$0], report.grouping, index: $0) }
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

    // MARK: Year

    static let plot = (left: 104.0, right: 736.0, top: 96.0, bottom: 376.0)

    public static func year(_ report: YearReport, taxonomy: Taxonomy, language: Language) -> String {
        let heading = Labels.heading(Labels.year(report.year, language), report.filter, taxonomy, language)
        let summary =
            "\(Labels.total(language)) \(report.total.formatted(language)) · \(Labels.count(report.count, language))"
            + (report.income.count > 0 ? " · " + TableRenderer.balanceLine(report.income, balance: report.balance, language, width: .max) : "")
        let slices = report.breakdown
        let looks = slices.indices.map { ChartPalette.look(slices[$0], report.grouping, index: $0) }
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
        var svg = SVGDocument(width: 760, height: legendTop + Double(row + 1) * 22 + 12, title: heading + " · " + summary)
        svg.element("text", [("x", "24"), ("y", "40"), ("font-size", "20"), ("font-weight", "bold"), ("fill", ink)], text: heading)
        svg.element("text", [("x", "24"), ("y", "64"), ("font-size", "13"), ("fill", faint)], text: summary)

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
        svg.close("g")
        return svg.finish()
    }

    /// Draws horizontal grid lines with amount labels from `low` (≤ 0) to `high` (≥ 0) in round steps, and returns
    /// the pixels per yen and the y of zero.
    static func drawAxis(_ svg: inout SVGDocument, low: Int, high: Int, language: Language) -> (scale: Double, zero: Double) {
        let step = niceStep(Double(max(high - low, 0)) / 4)
        let below = Int((Double(-min(low, 0)) / step).rounded(.up))
        let above = max(below == 0 ? 1 : 0, Int((Double(max(high, 0)) / step).rounded(.up)))
        let scale = (plot.bottom - plot.top) / (step * Double(below + above))
        let zero = plot.bottom - step * Double(below) * scale
        svg.open("g", [("class", "axis"), ("font-size", "11"), ("fill", faint)])
        for tick in -below...above {
            let amount = step * Double(tick)
            let y = zero - amount * scale
            svg.element(
                "line",
                [
                    ("x1", n(plot.left)), ("x2", n(plot.right)), ("y1", n(y)), ("y2", n(y)),
                    ("stroke", tick == 0 ? faint : grey), ("stroke-width", "1"),
                ])
            svg.element(
                "text", [("class", "tick"), ("x", n(plot.left - 8)), ("y", n(y + 4)), ("text-anchor", "end")],
                text: Yen(Int(amount)).formatted(language))
        }
        svg.close("g")
        return (scale, zero)
    }

    // MARK: Trend

    /// The run of months as a line: one point per month (empty months at 0), the average as a dashed line, and the
    /// highest and lowest months marked.
    public static func trend(_ report: TrendReport, taxonomy: Taxonomy, language: Language) -> String {
        let period = language.pick(
            "\(Labels.shortMonthYear(report.first, language)) – \(Labels.shortMonthYear(report.last, language))",
            "\(Labels.shortMonthYear(report.first, language))〜\(Labels.shortMonthYear(report.last, language))")
        let heading = Labels.heading(period, report.filter, taxonomy, language)
        let summary = language.pick(
            "Average \(report.average.formatted(language)) a month · highest \(report.highest.total.formatted(language)) (\(Labels.shortMonthYear(report.highest.month, language))) · lowest \(report.lowest.total.formatted(language)) (\(Labels.shortMonthYear(report.lowest.month, language)))",
            "月平均 \(report.average.formatted(language)) · 最高 \(report.highest.total.formatted(language))（\(Labels.shortMonthYear(report.highest.month, language))）· 最低 \(report.lowest.total.formatted(language))（\(Labels.shortMonthYear(report.lowest.month, language))）"
        )
        var svg = SVGDocument(width: 760, height: plot.bottom + 56, title: heading + " · " + summary)
        svg.element("text", [("x", "24"), ("y", "40"), ("font-size", "20"), ("font-weight", "bold"), ("fill", ink)], text: heading)
        svg.element("text", [("x", "24"), ("y", "64"), ("font-size", "13"), ("fill", faint)], text: summary)

        let axis = drawAxis(&svg, low: min(0, report.lowest.total.amount), high: max(0, report.highest.total.amount), language: language)
        let slot = (plot.right - plot.left) / Double(report.points.count)
        func x(_ index: Int) -> Double { plot.left + slot * (Double(index) + 0.5) }
        func y(_ amount: Int) -> Double { axis.zero - Double(amount) * axis.scale }

        // Month names under the axis, thinned so they never overlap; January (and the first month) carry the year.
        let every = max(1, Int((44 / slot).rounded(.up)))
        svg.open("g", [("class", "months"), ("font-size", "11"), ("fill", ink), ("text-anchor", "middle")])
        for (index, point) in report.points.enumerated() where index % every == 0 || point.month.month == 1 {
            let label =
                point.month.month == 1 || index == 0 ? Labels.shortMonthYear(point.month, language) : Labels.shortMonth(point.month.month, language)
            svg.element("text", [("x", n(x(index))), ("y", n(plot.bottom + 20))], text: label)
        }
        svg.close("g")

        svg.element(
            "line",
            [
                ("class", "average"), ("x1", n(plot.left)), ("x2", n(plot.right)), ("y1", n(y(report.average.amount))),
                ("y2", n(y(report.average.amount))), ("stroke", refund), ("stroke-width", "1"), ("stroke-dasharray", "4 3"),
            ])
        let line = report.points.indices.map { n(x($0)) + "," + n(y(report.points[$0].total.amount)) }.joined(separator: " ")
        svg.element("polyline", [("class", "line"), ("points", line), ("fill", "none"), ("stroke", ChartPalette.lineColour), ("stroke-width", "2")])
        svg.open("g", [("class", "points")])
        for (index, point) in report.points.enumerated() {
            let extreme = report.highest.total != report.lowest.total && (point.month == report.highest.month || point.month == report.lowest.month)
            svg.open(
                "circle",
                [
                    ("class", "point"), ("data-month", point.month.iso), ("data-total", String(point.total.amount)),
                    ("cx", n(x(index))), ("cy", n(y(point.total.amount))), ("r", extreme ? "5" : "3"),
                    ("fill", extreme ? refund : ChartPalette.lineColour),
                ])
            svg.element("title", [], text: "\(Labels.shortMonthYear(point.month, language)) \(point.total.formatted(language))")
            svg.close("circle")
        }
        svg.close("g")
        return svg.finish()
    }

    /// A round step of at least `rough`: 1, 2, 2.5 or 5 times a power of ten, always whole yen (an empty chart's
    /// axis goes to ¥10,000 in steps of ¥2,500).
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0 else { return 2_500 }
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        for factor in [1.0, 2.0, 2.5, 5.0] where factor * power >= rough && (factor * power).rounded() == factor * power {
            return factor * power
        }
        return 10 * power
    }
}
