import Foundation
import KakeiboReports
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML element as parsed by Foundation's XMLParser: the test reads the SVG the way any viewer would.
final class XMLElement {
    let name: String
    let attributes: [String: String]
    var text = ""
    var children: [XMLElement] = []

    init(_ name: String, _ attributes: [String: String]) {
        self.name = name
        self.attributes = attributes
    }

    subscript(_ key: String) -> String? { attributes[key] }
    func number(_ key: String) -> Double { Double(attributes[key] ?? "") ?? .nan }

    /// Every element below this one (depth first), itself included.
    var all: [XMLElement] { [self] + children.flatMap(\.all) }
    func all(_ name: String, class className: String? = nil) -> [XMLElement] {
        all.filter { $0.name == name && (className == nil || $0["class"] == className) }
    }
    var title: String? { children.first { $0.name == "title" }?.text }

    static func parse(_ text: String) throws -> XMLElement {
        final class Builder: NSObject, XMLParserDelegate {
            var stack: [XMLElement] = []
            var root: XMLElement?
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
            ) {
                let element = XMLElement(name, attributes)
                stack.last?.children.append(element)
                if root == nil { root = element }
                stack.append(element)
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) { stack.removeLast() }
            func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }
        }
        let parser = XMLParser(data: Data(text.utf8))
        let builder = Builder()
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw CocoaError(.propertyListReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "\(parser.parserError.map { "\($0)" } ?? "no root")"])
        }
        return root
    }
}

/// The angles (degrees clockwise from the top) each outer arc of a wedge's path sweeps, read from its coordinates.
func outerSweeps(_ d: String) -> [Double] {
    var tokens: [String] = []
    var current = ""
    for character in d {
        if character.isLetter || character == " " {
            if !current.isEmpty { tokens.append(current) }
            current = ""
            if character.isLetter { tokens.append(String(character)) }
        } else {
            current.append(character)
        }
    }
    if !current.isEmpty { tokens.append(current) }
    var sweeps: [Double] = []
    var point = (x: 0.0, y: 0.0)
    var index = 0
    func angle(_ p: (x: Double, y: Double)) -> Double {
        let degrees = atan2(p.x - SVGRenderer.center.x, SVGRenderer.center.y - p.y) * 180 / Double.pi
        return degrees < 0 ? degrees + 360 : degrees
    }
    while index < tokens.count {
        switch tokens[index] {
        case "M", "L":
            point = (Double(tokens[index + 1])!, Double(tokens[index + 2])!)
            index += 3
        case "A":
            let radius = Double(tokens[index + 1])!
            let end = (x: Double(tokens[index + 6])!, y: Double(tokens[index + 7])!)
            if radius == SVGRenderer.outerRadius {
                #expect(tokens[index + 5] == "1", "outer arcs run clockwise")
                let distance =
                    ((end.x - SVGRenderer.center.x) * (end.x - SVGRenderer.center.x) + (end.y - SVGRenderer.center.y) * (end.y - SVGRenderer.center.y))
                    .squareRoot()
                #expect(abs(distance - radius) < 0.02, "the arc ends on the circle")
                var sweep = angle(end) - angle(point)
                if sweep < 0 { sweep += 360 }
                if sweep < 1e-6 && tokens[index + 4] == "1" { sweep = 360 }
                sweeps.append(sweep)
            }
            point = end
            index += 8
        default: index += 1
        }
    }
    return sweeps
}

@Suite struct SVGRendererTests {
    func monthReport(_ items: [Item], taxonomy: Taxonomy = .standard, filter: CategoryFilter? = nil) -> MonthReport {
        MonthReport(month: december, items: items, filter: filter, order: ItemOrder(), taxonomy: taxonomy)
    }

    let december = YearMonth(year: 2024, month: 12)!
    let items = [
        item("米", 38_968, "2024-12-01", 0, 0), item("茶", 6_982, "2024-12-02", 0, 1), item("菓子", 4_128, "2024-12-03", 0, 2),
        item("青汁", 2_510, "2024-12-04", 0, 3), item("弁当", 2_066, "2024-12-05", 0), item("映画", 63_865, "2024-12-06", 1, 0),
    ]

    @Test func isAStandaloneSVGDocument() throws {
        let text = SVGRenderer.month(monthReport(items), taxonomy: .standard, language: .en)
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        let svg = try XMLElement.parse(text)
        #expect(svg.name == "svg")
        #expect(svg["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(svg["version"] == "1.1")
        let (width, height) = (svg.number("width"), svg.number("height"))
        #expect(width > 0 && height > 0)
        #expect(svg["viewBox"] == "0 0 \(svg["width"]!) \(svg["height"]!)")
        #expect(svg["font-family"]?.contains("Noto Sans CJK JP") == true)
        #expect(svg.title == "December 2024")
        // Nothing but plain decimals in the numbers: no exponent, no NaN, no random ids.
        for element in svg.all {
            for key in ["x", "y", "width", "height", "d"] {
                guard let value = element[key] else { continue }
                #expect(!value.contains("e") && !value.contains("nan") && !value.contains("inf"), "\(key)=\(value)")
            }
        }
        #expect(text == SVGRenderer.month(monthReport(items), taxonomy: .standard, language: .en), "the same report gives the same bytes")
    }

    @Test func theSlicesCloseTheCircleEachInProportionToItsAmount() throws {
        for filter in [nil, CategoryFilter(category: 0)] {
            let report = monthReport(items, filter: filter)
            let svg = try XMLElement.parse(SVGRenderer.month(report, taxonomy: .standard, language: .ja))
            let slices = svg.all("path", class: "slice")
            #expect(slices.count == report.breakdown.count)
            let sweeps = slices.map { outerSweeps($0["d"] ?? "").reduce(0, +) }
            #expect(abs(sweeps.reduce(0, +) - 360) < 0.05, "\(sweeps)")
            let whole = Double(report.total.amount)
            for (sweep, row) in zip(sweeps, report.breakdown) {
                #expect(abs(sweep / 360 - Double(row.total.amount) / whole) < 0.0005, "\(row): \(sweep)°")
            }
            // Each wedge is named, with its amount, for a viewer's tooltip; the colours are the categories'.
            let first = try #require(slices.first)
            #expect(first.title?.contains(report.breakdown[0].total.formatted(.ja)) == true)
            #expect(first["fill"] == "#F28E2B")
        }
    }

    @Test func theTotalIsInTheMiddleAndTheLegendListsEverySlice() throws {
        let report = monthReport(items)
        let svg = try XMLElement.parse(SVGRenderer.month(report, taxonomy: .standard, language: .ja))
        let middle = svg.all("text", class: "total").map(\.text)
        #expect(middle == ["合計", "118,519円", "6件"])
        let legend = try #require(svg.all("g", class: "legend").first)
        let texts = legend.all("text").map(\.text)
        #expect(texts == ["食費", "54,654円", "46.1%", "娯楽費", "63,865円", "53.9%"])
    }

    @Test func aSingleSliceIsAWholeRing() throws {
        let report = monthReport([item("米", 1_000, "2024-12-01", 0, 0)])
        let svg = try XMLElement.parse(SVGRenderer.month(report, taxonomy: .standard, language: .en))
        let slices = svg.all("path", class: "slice")
        #expect(slices.count == 1)
        #expect(abs(outerSweeps(slices[0]["d"] ?? "").reduce(0, +) - 360) < 0.05)
    }

    @Test func refundsHaveNoSliceButAreListedWithTheirAmount() throws {
        // Entertainment is a net refund: it gets no wedge; food's wedge is the whole ring; the middle shows the net.
        let refunded = [item("米", 3_000, "2024-12-01", 0, 0), item("返品", -5_000, "2024-12-02", 1), item("映画", 1_000, "2024-12-03", 1)]
        let report = monthReport(refunded)
        let text = SVGRenderer.month(report, taxonomy: .standard, language: .en)
        let svg = try XMLElement.parse(text)
        let slices = svg.all("path", class: "slice")
        #expect(slices.count == 1)
        #expect(abs(outerSweeps(slices[0]["d"] ?? "").reduce(0, +) - 360) < 0.05)
        #expect(svg.all("text", class: "total").map(\.text).contains("-¥1,000"))
        let legend = svg.all("g", class: "legend").first?.all("text").map(\.text) ?? []
        #expect(legend == ["Food", "¥3,000", "100.0%", "Entertainment", "-¥4,000", "—"])
    }

    @Test func anEmptyMonthSaysSo() throws {
        let svg = try XMLElement.parse(SVGRenderer.month(monthReport([]), taxonomy: .standard, language: .ja))
        #expect(svg.all("path", class: "slice").isEmpty)
        #expect(svg.all("text", class: "total").map(\.text) == ["データなし"])
    }

    @Test func namesAreEscapedAndReadBackExactly() throws {
        let tricky = "<b>&\"'食費"
        let taxonomy = Taxonomy(categories: [
            Taxonomy.Category(key: "food", code: 0, name: LocalizedText(en: tricky, ja: tricky), subcategories: [])
        ])
        let report = monthReport([item("x", 100, "2024-12-01", 0)], taxonomy: taxonomy)
        let month = SVGRenderer.month(report, taxonomy: taxonomy, language: .en)
        #expect(month.contains("&lt;b&gt;&amp;&quot;'食費"))
        #expect(!month.contains("<b>"))
        let parsed = try XMLElement.parse(month)
        #expect(parsed.all("g", class: "legend").first?.all("text").first?.text == tricky)
        #expect(parsed.all("path", class: "slice").first?.title?.hasPrefix(tricky) == true)

        let year = YearReport(year: 2024, items: [december: report.items], filter: nil, taxonomy: taxonomy)
        let yearSVG = try XMLElement.parse(SVGRenderer.year(year, taxonomy: taxonomy, language: .ja))
        #expect(yearSVG.all("g", class: "legend").first?.all("text").first?.text == tricky)
    }

    @Test func eachMonthsBarsAddUpToItsTotalOnTheAxisScale() throws {
        for filter in [nil, CategoryFilter(category: 0)] {
            let report = YearReport(year: 2024, items: chartYear, filter: filter, taxonomy: .standard)
            let text = SVGRenderer.year(report, taxonomy: .standard, language: .en)
            let svg = try XMLElement.parse(text)
            // The axis: each grid line and the amount written beside it.
            let axis = try #require(svg.all("g", class: "axis").first)
            let lines = axis.all("line").map { $0.number("y1") }
            let amounts = axis.all("text", class: "tick").map { Double($0.text.filter(\.isNumber)) ?? .nan }
            #expect(lines.count == amounts.count && lines.count >= 2)
            #expect(amounts.first == 0)
            let zero = lines[0]
            let scale = (zero - lines.last!) / amounts.last! // pixels per yen
            for (y, amount) in zip(lines, amounts) { #expect(abs(zero - amount * scale - y) < 0.02) }
            #expect(amounts.last! >= Double(report.stacks.map { $0.reduce(0, +) }.max() ?? 0))

            let months = svg.all("g", class: "month")
            #expect(months.map { $0["id"] } == (1...12).map { "month-\(pad2($0))" })
            for (group, (month, stack)) in zip(months, zip(report.months, report.stacks)) {
                let segments = group.all("rect", class: "segment")
                #expect(segments.count == stack.filter { $0 > 0 }.count)
                #expect(segments.allSatisfy { $0.number("height") >= 0 })
                let height = segments.reduce(0) { $0 + $1.number("height") }
                let positive = Double(stack.reduce(0, +))
                #expect(abs(height - positive * scale) < 0.02, "\(month.month): \(height) vs \(positive * scale)")
                // Stacked from the axis up, without gaps or overlaps.
                var bottom = zero
                for segment in segments {
                    #expect(abs(segment.number("y") + segment.number("height") - bottom) < 0.011)
                    bottom = segment.number("y")
                }
                if month.total.amount == Int(positive) {
                    #expect(group.title?.hasSuffix(month.total.formatted(.en)) == true)
                }
            }
        }
    }

    @Test func aRefundInAMonthDrawsNothingBelowTheAxis() throws {
        // March in chartYear has a refund larger than its films: entertainment is negative there.
        let report = YearReport(year: 2024, items: chartYear, filter: nil, taxonomy: .standard)
        #expect((report.months[2].breakdown.first { $0.category == 1 }?.total.amount ?? 0) < 0)
        let svg = try XMLElement.parse(SVGRenderer.year(report, taxonomy: .standard, language: .en))
        let march = try #require(svg.all("g", class: "month").first { $0["id"] == "month-03" })
        let segments = march.all("rect", class: "segment")
        #expect(segments.map { $0["fill"] } == ["#F28E2B", "#59A14F"], "food and home; no entertainment")
        #expect(segments.allSatisfy { $0.number("height") > 0 && $0.number("y") + $0.number("height") <= SVGRenderer.plot.bottom + 0.01 })
    }

    @Test func japaneseLabelsAndAnEmptyYear() throws {
        let report = YearReport(year: 2024, items: [:], filter: nil, taxonomy: .standard)
        let svg = try XMLElement.parse(SVGRenderer.year(report, taxonomy: .standard, language: .ja))
        #expect(svg.all("rect", class: "segment").isEmpty)
        #expect(svg.all("text").contains { $0.text == "データなし" })
        #expect(svg.all("g", class: "month").first?.all("text").first?.text == "1月")
        #expect(svg.title == "2024年 · 合計 0円 · 0件")
    }

    @Test func numbersHaveAtMostTwoDecimals() {
        #expect(SVGDocument.number(12.5) == "12.5")
        #expect(SVGDocument.number(3) == "3")
        #expect(SVGDocument.number(0.071) == "0.07")
        #expect(SVGDocument.number(-0.001) == "0")
        #expect(SVGDocument.number(-2.05) == "-2.05")
        #expect(SVGDocument.number(1e20 / 1e15) == "100000")
        #expect(SVGRenderer.niceStep(29_630) == 50_000)
        #expect(SVGRenderer.niceStep(2_100) == 2_500)
        #expect(SVGRenderer.niceStep(0.75) == 1)
        #expect(SVGRenderer.niceStep(0) == 2_500)
    }
}

@Suite struct TrendSVGTests {
    func trend(_ totals: [Int]) -> TrendReport {
        let months = TrendReport.months(ending: YearMonth(year: 2025, month: 2)!, length: totals.count)!
        var items: [YearMonth: [Item]] = [:]
        for (month, total) in zip(months, totals) where total != 0 {
            items[month] = [item("x", total, "\(month.iso)-10", 0, 0, id: "i-\(month.iso)")]
        }
        return TrendReport(months: months, items: items, filter: nil)
    }

    /// The axis's zero line and pixels per yen, read back from the grid lines and their labels.
    func axis(_ svg: XMLElement) throws -> (zero: Double, scale: Double) {
        let group = try #require(svg.all("g", class: "axis").first)
        let ys = group.all("line").map { $0.number("y1") }
        let amounts = group.all("text", class: "tick").map { text -> Double in
            let digits = Double(text.text.filter(\.isNumber)) ?? .nan
            return text.text.hasPrefix("-") ? -digits : digits
        }
        let zero = try #require(zip(ys, amounts).first { $0.1 == 0 }?.0)
        let top = try #require(zip(ys, amounts).max { $0.1 < $1.1 })
        let scale = (zero - top.0) / top.1
        for (y, amount) in zip(ys, amounts) { #expect(abs(zero - amount * scale - y) < 0.02) }
        return (zero, scale)
    }

    @Test func eachPointSitsAtItsMonthsTotalOnTheAxis() throws {
        let report = trend([12_000, 0, 30_500, 8_000, -2_000, 18_250])
        let svg = try XMLElement.parse(SVGRenderer.trend(report, taxonomy: .standard, language: .en))
        #expect(svg.name == "svg")
        let (zero, scale) = try axis(svg)
        let points = svg.all("circle", class: "point")
        #expect(points.count == report.points.count)
        for (circle, point) in zip(points, report.points) {
            #expect(circle["data-month"] == point.month.iso)
            #expect(circle["data-total"] == String(point.total.amount))
            #expect(abs(zero - Double(point.total.amount) * scale - circle.number("cy")) < 0.02, "\(point.month)")
        }
        // The line passes through every point, left to right.
        let line = try #require(svg.all("polyline", class: "line").first?["points"])
        let vertices = line.split(separator: " ").map { $0.split(separator: ",").map { Double($0)! } }
        #expect(vertices.map { $0[1] } == points.map { $0.number("cy") })
        #expect(vertices.map { $0[0] } == vertices.map { $0[0] }.sorted())
        // The average line at the report's average; the extremes are the larger points.
        let average = try #require(svg.all("line", class: "average").first)
        #expect(abs(zero - Double(report.average.amount) * scale - average.number("y1")) < 0.02)
        #expect(points.filter { $0["r"] == "5" }.map { $0["data-month"] } == [report.highest.month.iso, report.lowest.month.iso].sorted())
    }

    @Test func emptyMonthsAreOnTheZeroLineAndLabelsAreJapanese() throws {
        let report = trend([0, 0, 0])
        let text = SVGRenderer.trend(report, taxonomy: .standard, language: .ja)
        let svg = try XMLElement.parse(text)
        let (zero, _) = try axis(svg)
        #expect(svg.all("circle", class: "point").allSatisfy { abs($0.number("cy") - zero) < 0.02 })
        #expect(text.contains("月平均"))
        #expect(text == SVGRenderer.trend(report, taxonomy: .standard, language: .ja))
    }
}

@Suite struct PaletteTests {
    @Test func everyCategoryOfTheDefaultTaxonomyHasItsOwnColour() {
        let spending = Taxonomy.standard.categories.filter { $0.kind == .spending }.map(\.code)
        let colours = spending.map { ChartPalette.colours[$0 % ChartPalette.colours.count].hex }
        #expect(Set(colours).count == spending.count, "\(zip(spending, colours).map { "\($0) \($1)" })")
    }
}
