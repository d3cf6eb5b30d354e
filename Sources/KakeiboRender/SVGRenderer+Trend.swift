import KakeiboReports
import KakeiboValues

/// A run of months as a line over the axis of amounts.
extension SVGRenderer {
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
        svg.heading(heading, summary: summary)

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
}
