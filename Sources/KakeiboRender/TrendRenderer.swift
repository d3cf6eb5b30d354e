import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `trend` in every format but SVG (drawn from the same `TrendReport`: its points, average and extremes).
extension TableRenderer {
    /// The run of months: heading and sparkline, each month's total, the average and extremes, and a line chart
    /// fitting the terminal's width.
    public static func trend(_ report: TrendReport, taxonomy: Taxonomy, style: TextStyle) -> String {
        let language = style.language
        let period = language.pick(
            "\(Labels.shortMonthYear(report.first, language)) – \(Labels.shortMonthYear(report.last, language)) (\(report.points.count) months)",
            "\(Labels.shortMonthYear(report.first, language))〜\(Labels.shortMonthYear(report.last, language))（\(report.points.count) か月）")
        var out = style.bold(terminalSafe(Labels.heading(period, report.filter, taxonomy, language))) + "\n"
        out += style.paint(sparkline(report.points.map(\.total.amount), width: style.width), .series) + "\n\n"
        var table = TextTable([
            .left(language.pick("Month", "月")), .right(Labels.total(language)), .right(language.pick("Count", "件数")), .left("").inked(.dim),
        ])
        for point in report.points {
            let mark =
                point.month == report.highest.month && report.highest.total != report.lowest.total
                ? language.pick("highest", "最高")
                : point.month == report.lowest.month && report.highest.total != report.lowest.total ? language.pick("lowest", "最低") : ""
            table.add([
                .init(Labels.shortMonthYear(point.month, language)),
                .init(point.total.formatted(language), point.count == 0 ? .dim : nil), .init(Yen(point.count).grouped),
                .init(mark),
            ])
        }
        out += table.render(style) + "\n"
        var summary = TextTable([.left(), .right(), .left()])
        summary.add(language.pick("Average", "月平均"), report.average.formatted(language), language.pick("a month", ""))
        summary.add(language.pick("Highest", "最高"), report.highest.total.formatted(language), Labels.shortMonthYear(report.highest.month, language))
        summary.add(language.pick("Lowest", "最低"), report.lowest.total.formatted(language), Labels.shortMonthYear(report.lowest.month, language))
        out += summary.render(style) + "\n"
        let months = report.points.map(\.month)
        let chart = LineChart(
            values: report.points.map(\.total.amount), valueLabel: { Yen($0).formatted(language) },
            pointLabel: { Labels.shortMonth(months[$0].month, language) },
            groupLabel: { months[$0].month == 1 || $0 == 0 ? Labels.year(months[$0].year, language) : nil })
        out += chart.render(width: style.width, style: style)
        return out
    }
}

extension JSONRenderer {
    /// `{"start","end","category","subcategory","total","count","average","highest","lowest","months":[…],"first","last"}`;
    /// `first` and `last` are the first and last days covered (each month's too).
    public static func trend(_ report: TrendReport, taxonomy: Taxonomy) -> String {
        func point(_ point: TrendReport.Point) -> JSONValue {
            .object([
                ("year", .integer(point.month.year)), ("month", .integer(point.month.month)),
                ("total", .integer(point.total.amount)), ("count", .integer(point.count)),
                ("first", .string(MonthPeriod(point.month, start: report.start).first.iso)),
                ("last", .string(MonthPeriod(point.month, start: report.start).last.iso)),
            ])
        }
        return render(
            .object([
                ("start", .string(report.first.iso)),
                ("end", .string(report.last.iso)),
                ("category", filterCategory(report.filter, taxonomy)),
                ("subcategory", filterSubcategory(report.filter, taxonomy)),
                ("total", .integer(report.total.amount)),
                ("count", .integer(report.count)),
                ("average", .integer(report.average.amount)),
                ("highest", point(report.highest)),
                ("lowest", point(report.lowest)),
                ("months", .array(report.points.map(point))),
                ("first", .string(MonthPeriod(report.first, start: report.start).first.iso)),
                ("last", .string(MonthPeriod(report.last, start: report.start).last.iso)),
            ]))
    }
}

extension CSVRenderer {
    /// One row per month, oldest first, empty months included: `month,total,count`.
    public static func trend(_ report: TrendReport) -> String {
        report.points.reduce(row(["month", "total", "count"])) {
            $0 + row([$1.month.iso, String($1.total.amount), String($1.count)])
        }
    }
}
