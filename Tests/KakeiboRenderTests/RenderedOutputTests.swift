import Foundation
import KakeiboReports
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboRender

@Suite struct RenderedOutputTests {
    /// A cell a spreadsheet would run as a formula is neutralised with a leading '; numbers stay numbers.
    @Test func csvNeutralisesFormulasButNotNumbers() {
        #expect(CSVRenderer.row(["=1+2", "+81 3", "-cmd", "@SUM(A1)", "\tx"]) == "'=1+2,'+81 3,'-cmd,'@SUM(A1),'\tx\r\n")
        #expect(CSVRenderer.row(["=HYPERLINK(\"x\",1)", "\rz"]) == "\"'=HYPERLINK(\"\"x\"\",1)\",\"'\rz\"\r\n")
        #expect(CSVRenderer.row(["-500", "-0.25", "178", "a=b", "-"]) == "-500,-0.25,178,a=b,'-\r\n")
    }

    @Test func csvQuotesOnlyWhatRFC4180Requires() {
        #expect(CSVRenderer.row(["a", "b c", "d"]) == "a,b c,d\r\n")
        #expect(CSVRenderer.row(["1,899", "say \"hi\"", "two\nlines", ""]) == "\"1,899\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n")
    }

    @Test func widthCountsJapaneseAndEmojiAsTwoColumns() {
        #expect(displayWidth("abc") == 3)
        #expect(displayWidth("コーヒー") == 8)
        #expect(displayWidth("ｺｰﾋｰ") == 4) // half-width katakana stay narrow
        #expect(displayWidth("🍣") == 2)
        #expect(displayWidth("👨‍👩‍👧") == 2)
        #expect(displayWidth("é") == 1)
        #expect(pad("食費", to: 6) == "食費  ")
        #expect(pad("¥1", to: 5, alignRight: true) == "   ¥1")
        #expect(truncate("あいうえお", to: 6) == "あい…")
    }

    @Test func controlCharactersCannotReachTheTerminal() {
        #expect(terminalSafe("ok") == "ok")
        #expect(terminalSafe("a\u{1B}[2Jb") == "a\\u{1B}[2Jb")
        #expect(!terminalSafe("x\u{9B}y\ny").unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func tableColumnsLineUpInJapanese() {
        let items = [
            Item(
                id: "1", date: CalendarDate(year: 2024, month: 12, day: 3)!, name: "コーヒー", price: 178, category: CategoryCode(0, 1),
                added: Timestamp(milliseconds: 0)),
            Item(
                id: "2", date: CalendarDate(year: 2024, month: 12, day: 14)!, name: "milk", price: 12_345, category: CategoryCode(1, 2),
                added: Timestamp(milliseconds: 0)),
        ]
        let report = MonthReport(month: YearMonth(year: 2024, month: 12)!, items: items, filter: nil, order: ItemOrder(), taxonomy: .standard)
        for language in Language.allCases {
            let text = TableRenderer.month(report, taxonomy: .standard, style: TextStyle(language: language))
            let rows = text.split(separator: "\n").map(String.init).filter { $0.contains("コーヒー") || $0.contains("milk") }
            #expect(rows.count == 2)
            // The price column ends at the same display column on both rows.
            let ends = rows.map { row -> Int in
                let price = row.contains("コーヒー") ? Yen(178).formatted(language) : Yen(12_345).formatted(language)
                let prefix = row.components(separatedBy: price)[0]
                return displayWidth(prefix) + displayWidth(price)
            }
            #expect(ends[0] == ends[1], "\(language): \(rows)")
        }
    }

    @Test func weekdaysAsTheAppShowsThem() {
        let date = CalendarDate(year: 2024, month: 12, day: 3)!
        #expect(Labels.day(date, .ja) == "3(火)")
        #expect(Labels.day(date, .en) == "3 Tue")
        #expect(Labels.month(YearMonth(year: 2024, month: 12)!, .ja) == "2024年12月")
        #expect(Labels.percent(0.6481) == "64.8%")
    }

    @Test func jsonSharesHaveAtMostFourDecimals() {
        var writer = JSONWriter()
        writer.fraction(2.0 / 3.0)
        #expect(writer.text == "0.6667")
        var whole = JSONWriter()
        whole.fraction(1)
        #expect(whole.text == "1")
    }
}

@Suite struct ShortIDTests {
    @Test func eightCharactersUnlessMoreAreNeededToTellItemsApart() {
        #expect(shortIDs(["3c747910-c5ce", "657a067a-e70f"]) == ["3c747910", "657a067a"])
        #expect(shortIDs(["mf:mf7QkA1", "mf:mf7QkB2", "mf:x"]) == ["mf:mf7QkA", "mf:mf7QkB", "mf:x"])
        #expect(shortIDs(["1", "2"]) == ["1", "2"])
        #expect(
            shortIDs(["fixed-8e4f12a3-2024-12", "3c747910-c5ce", "fixed-8e0b77c1-2024-12"]) == [
                "fixed-8e4f12a3-2024-12", "3c747910", "fixed-8e0b77c1-2024-12",
            ],
            "a fixed cost's item: every month's starts alike, so its whole id")
        #expect(shortIDs([]) == [])
    }

    /// An id shown alone is still told apart from the others the command read (`find` once showed "mf:mfH02",
    /// and `edit mf:mfH02` matched 10 items), each only as long as it needs.
    @Test func longEnoughToTellAnIdFromTheRestOfTheStore() {
        #expect(shortIDs(["mf:mfH0201"], among: ["mf:mfH0202", "mf:mfH0210", "3c747910-c5ce"]) == ["mf:mfH0201"])
        #expect(shortIDs(["mf:mfH023", "3c747910-c5ce"], among: ["mf:mfH0230"]) == ["mf:mfH023", "3c747910"])
        #expect(shortIDs(["3c747910-c5ce", "mf:ab"], among: ["3c747910-d000"]) == ["3c747910-c", "mf:ab"], "only the id that needs it grows")
    }

    /// The ASCII way (sorted neighbours) and the general way (sets of prefixes) agree, duplicates and ids that start
    /// other ids included.
    @Test func theFastWayForASCIIIdsAgreesWithTheGeneralOne() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let pool = ["a", "b", "mf:", "mf:mf7Qk", "3c747910-c5ce-"]
            let ids = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pool.randomElement(using: &generator)!
                    + String((0..<Int.random(in: 0...6, using: &generator)).map { _ in "xyz12".randomElement(using: &generator)! })
            }
            #expect(shortIDs(ids) == shortIDsByCharacter(ids, among: []), "\(ids)")
        }
        #expect(shortIDs(["食費-1", "食費-2"]) == ["食費-1", "食費-2"])
    }
}
