import KakeiboReports
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboRender

/// An SVG chart's heading lines end inside the picture, in either language (the English month's title ran past its
/// edge: "…Balance +¥77,328 · Sa").
@Suite struct SVGHeadingTests {
    /// Each heading line of an SVG, by the renderer's own width estimate, ends inside the picture.
    func expectHeadingsFit(_ svg: String, _ context: String) throws {
        let width = try #require(svg.firstMatch(of: try Regex("<svg [^>]*width=\"([0-9.]+)\""))?[1].substring.flatMap { Double($0) })
        let headings = svg.matches(of: try Regex("<text x=\"24\" y=\"(?:40|64)\" font-size=\"([0-9.]+)\"[^>]*>([^<]*)</text>"))
        #expect(headings.count >= 1, "\(context)")
        for heading in headings {
            let size = try #require(heading[1].substring.flatMap { Double($0) })
            let text = String(heading[2].substring ?? "").replacingOccurrences(of: "&amp;", with: "&")
            #expect(24 + SVGDocument.textWidth(text, size: size) <= width - 24, "\(context): \(text) at \(size)")
            #expect(size >= 9, "still readable: \(context) \(text) at \(size)")
        }
    }

    @Test func anSVGHeadingFitsItsPicture() throws {
        let items = [
            item("給与", 320_000, "2024-11-25", 90), item("家賃", 85_000, "2024-11-27", 2), item("スーパー", 157_672, "2024-11-10", 0),
        ]
        let filter = CategoryFilter(category: 0)
        for language in [Language.en, .ja] {
            for filter in [nil, filter] {
                let month = MonthReport(
                    month: YearMonth(year: 2024, month: 11)!, items: items, filter: filter, order: ItemOrder(), taxonomy: .standard)
                let svg = SVGRenderer.month(month, taxonomy: .standard, language: language)
                try expectHeadingsFit(svg, "month \(language) \(String(describing: filter))")
                // The whole title stays the document's <title>.
                #expect(filter != nil || svg.contains(language == .en ? "Savings rate" : "貯蓄率"))
                let year = YearReport(year: 2024, items: [YearMonth(year: 2024, month: 11)!: items], filter: filter, taxonomy: .standard)
                try expectHeadingsFit(SVGRenderer.year(year, taxonomy: .standard, language: language), "year \(language)")
            }
        }
    }
}
