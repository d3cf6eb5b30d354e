import KakeiboReports
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// Each slice of a chart its own glyph and colour, in text and SVG alike, and a chart past the palette says that
/// its looks repeat.
@Suite struct ChartLooksTests {
    /// A year with an item in every spending category of the household taxonomy.
    func everyCategory(_ taxonomy: Taxonomy = .standard) -> YearReport {
        var months: [YearMonth: [Item]] = [:]
        for (index, category) in taxonomy.categories.filter({ $0.key != "income" }).enumerated() {
            let month = index % 12 + 1
            months[YearMonth(year: 2024, month: month)!, default: []].append(
                item("x", 1_000 * (index + 1), "2024-\(pad2(month))-10", category.code, id: "i\(index)"))
        }
        return YearReport(year: 2024, items: months, filter: nil, taxonomy: taxonomy)
    }

    /// The legend of a coloured year chart: each name after its fill, with the fill's colour.
    func legend(_ text: String) throws -> [String: (sgr: String, fill: Character)] {
        let entry = try Regex("\u{1B}\\[([0-9;]+)m(.)\u{1B}\\[0m ([^\u{1B}\n]+?)(?=   |\n)")
        var found: [String: (sgr: String, fill: Character)] = [:]
        for match in text.matches(of: entry) {
            guard let sgr = match[1].substring, let fill = match[2].substring?.first, let name = match[3].substring else { continue }
            found[String(name)] = (String(sgr), fill)
        }
        return found
    }

    @Test func everyCategoryOfAChartHasItsOwnGlyphAndColour() throws {
        let report = everyCategory()
        #expect(report.breakdown.count == 17)
        let text = TableRenderer.year(report, taxonomy: .standard, style: TextStyle(language: .en, colour: true, width: 200))
        let looks = try legend(text)
        #expect(looks.count == 17, "\(looks.keys.sorted())")
        #expect(Set(looks.values.map(\.fill)).count == 17, "\(looks.map { "\($0.value.fill) \($0.key)" }.sorted())")
        #expect(Set(looks.values.map(\.sgr)).count == 17, "\(looks.map { "\($0.value.sgr) \($0.key)" }.sorted())")
        #expect(!text.contains("repeat"))
        // The SVG's swatches too.
        let svg = SVGRenderer.year(report, taxonomy: .standard, language: .en)
        let swatch = try Regex("<rect x=\"[0-9.]+\" y=\"[0-9.]+\" width=\"14\"[^>]* fill=\"(#[0-9A-F]{6})\"")
        let swatches = svg.matches(of: swatch).compactMap { $0[1].substring }
        #expect(swatches.count == 17 && Set(swatches).count == 17, "\(swatches)")
    }

    @Test func aChartPastThePaletteSaysItsLooksRepeat() {
        let many = Taxonomy(
            categories: (0..<22).map { code in
                Taxonomy.Category(key: "c\(code)", code: code, name: LocalizedText(en: "C\(code)", ja: "C\(code)"), subcategories: [])
            })
        let report = everyCategory(many)
        #expect(report.breakdown.count == 22)
        let text = TableRenderer.year(report, taxonomy: many, style: TextStyle(language: .en, width: 200))
        #expect(text.contains("Colours and fills repeat after 20 categories"), "\(text)")
        #expect(SVGRenderer.year(report, taxonomy: many, language: .ja).contains("20 項目を超えると色と模様がくり返します"))
        // Twenty slices of codes that share a colour (0 and 20) still get twenty colours.
        let looks = ChartPalette.looks(Array(report.breakdown.prefix(20)), report.grouping)
        #expect(Set(looks.map(\.hex)).count == 20 && Set(looks.map(\.fill)).count == 20)
    }
}
