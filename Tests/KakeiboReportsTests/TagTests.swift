import KakeiboStore
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboReports

/// Tags as values: typed as people type them, folded for matching, kept as first written; stored, read back from the
/// wire, grouped by, searched, carried by rules and counted by the 医療費控除.
@Suite struct TagTests {
    func tagged(_ name: String, _ price: Int, _ date: String, _ tags: [String], _ category: Int = 0) -> Item {
        var made = item(name, price, date, category, id: "id-\(name)")
        made.details.tags = tags
        return made
    }

    @Test func aLeadingHashWidthAndCaseDoNotMakeAnotherTag() throws {
        #expect(try Tags.validate("＃旅行") == "旅行")
        #expect(try Tags.validate("#旅行") == "旅行")
        #expect(try Tags.validate(" 旅行　") == "旅行", "whitespace around, the ideographic space too, is trimmed")
        #expect(try Tags.validate("# travel") == "travel")
        #expect(Tags.key("Ｔｒａｖｅｌ") == Tags.key("travel") && Tags.key("TRAVEL") == "travel")
        #expect(Tags.key("ﾘｮｺｳ") == Tags.key("リョコウ"), "half-width kana fold")
        #expect(Tags.key("たび") != Tags.key("タビ"), "hiragana and katakana stay two tags")
        #expect(try Tags.validateAll(["旅行", "＃旅行", "#旅行", "Travel", "ｔｒａｖｅｌ"]) == ["旅行", "Travel"], "first spelling kept")
        #expect(Tags.adding(["travel", "帰省"], to: ["Travel"]) == ["Travel", "帰省"])
        #expect(Tags.removing(["ＴＲＡＶＥＬ"], from: ["Travel", "帰省"]) == ["帰省"])
        #expect(try Tags.validate(String(repeating: "あ", count: 20)).count == 20)
    }

    @Test func emptyLongOrSplitTagsAreRefused() {
        #expect(throws: TagError.empty) { try Tags.validate("#") }
        #expect(throws: TagError.empty) { try Tags.validate("　") }
        #expect(throws: TagError.tooLong(count: 21)) { try Tags.validate(String(repeating: "x", count: 21)) }
        #expect(throws: TagError.controlCharacter) { try Tags.validate("a\u{7}") }
        #expect(throws: TagError.separator("a b")) { try Tags.validate("a b") }
        #expect(throws: TagError.separator("旅行、帰省")) { try Tags.validate("旅行、帰省") }
        #expect(throws: TagError.separator("a：b")) { try Tags.validate("a：b") }
        #expect(throws: TagError.tooMany(count: 11)) { try Tags.validateAll((0...10).map { "t\($0)" }) }
        #expect(TagError.separator("a b").message(in: .ja).contains("空白"))
    }

    @Test func aMonthWithoutTagsIsWrittenAsBeforeAndOneWithThemIsSchemaFour() throws {
        let plain = [item("牛乳", 178, "2024-12-03")]
        let bytes = MonthFileCodec.encode(plain, month: december)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\"schema\":1,"))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("tags"))
        let trip = plain + [tagged("駅弁", 1200, "2024-12-10", ["旅行", "帰省"])]
        let text = String(decoding: MonthFileCodec.encode(trip, month: december), as: UTF8.self)
        #expect(text.hasPrefix("{\"schema\":4,") && text.contains(#","tags":["旅行","帰省"]}"#))
        #expect(try MonthFileCodec.decode(Array(text.utf8), month: december) == trip)
        let broken = text.replacingOccurrences(of: #""tags":["旅行","帰省"]"#, with: #""tags":["a b"]"#)
        #expect(throws: MonthFileProblem.self) { try MonthFileCodec.decode(Array(broken.utf8), month: december) }
    }

    @Test func theWireCarriesTagsAsAnOptionalArray() throws {
        let wire = WireItem(tagged("駅弁", 1200, "2024-12-10", ["旅行"]))
        let text = String(decoding: WireFormat.encode([wire]), as: UTF8.self)
        #expect(text.contains(#""categorySub":null,"tags":["旅行"]}"#))
        #expect(try WireFormat.decode(Array(text.utf8)) == [wire])
        let typed =
            #"[{"id":"a","date":"20241210","name":"x","price":1,"category":0,"tags":["＃旅行","Travel","travel"]},{"id":"b","date":"20241210","name":"y","price":1,"category":0,"tags":null}]"#
        let read = try WireFormat.decode(Array(typed.utf8))
        #expect(read.map(\.details.tags) == [["旅行", "Travel"], []])
        let rows = try ServerRows.decode(Array(#"[{"id":"c","date":"20241210","name":"z","price":1,"category":0,"tags":"旅行"}]"#.utf8))
        #expect(rows.items.isEmpty && rows.setAside.map(\.id) == ["c"], "a row whose tags can't be read is set aside, not pulled without them")
        // A tag longer than anyone may type here, typed into the sheet, is pulled as it is there; an import refuses it.
        let long = String(repeating: "長", count: 25)
        let typedInSheet = "[{\"id\":\"d\",\"date\":\"20241210\",\"name\":\"z\",\"price\":1,\"category\":0,\"tags\":[\"##\(long)\"]}]"
        #expect(try ServerRows.decode(Array(typedInSheet.utf8)).items.first?.details.tags == [long])
        #expect(throws: WireProblem.self) { try WireFormat.decode(Array(typedInSheet.utf8)) }
    }

    /// Each tag's row sums the items carrying it, computed here item by item; untagged items have a row of their own.
    @Test func byTagAnItemCountsInEachOfItsTagsRows() {
        let items = [
            tagged("新幹線", 14000, "2024-08-10", ["旅行"]), tagged("駅弁", 1200, "2024-08-10", ["旅行", "帰省"]),
            tagged("お土産", 3000, "2024-08-11", ["ＫＩＳＥＩ"]), tagged("手土産", 2000, "2024-08-12", ["kisei", "帰省"]),
            tagged("パン", 300, "2024-08-12", []), tagged("返品", -500, "2024-08-13", ["旅行"]),
        ]
        let breakdown = DetailBreakdown(items, by: .tag)
        func expected(_ tag: String?) -> (Int, Int) {
            let holding = items.filter { item in tag.map { Tags.contains(item.details.tags, $0) } ?? item.details.tags.isEmpty }
            return (holding.reduce(0) { $0 + $1.price.amount }, holding.count)
        }
        for row in breakdown.rows {
            let (total, count) = expected(row.value)
            #expect(row.total.amount == total && row.count == count, "\(row)")
        }
        #expect(breakdown.rows.map(\.value) == ["旅行", "ＫＩＳＥＩ", "帰省", nil], "kisei folds into ＫＩＳＥＩ, first written")
        #expect(breakdown.total == Yen(20000) && breakdown.count == 6, "the total counts each item once")
        #expect(breakdown.rows.reduce(0) { $0 + $1.total.amount } > breakdown.total.amount)
        #expect(breakdown.overlap == 2)
        #expect(breakdown.label(breakdown.rows[3], .ja) == "(タグなし)")
        #expect(DetailBreakdown(items, by: .field(.shop)).overlap == 0)
    }

    @Test func findByTagInAnySpellingWithTheOtherFilters() throws {
        let items = [
            tagged("新幹線", 14000, "2024-08-10", ["旅行"]), tagged("駅弁", 1200, "2024-08-10", ["旅行", "帰省"]),
            tagged("パン", 300, "2024-08-12", []),
        ]
        let trip = try SearchQuery("", tags: ["＃旅行"].map { try Tags.validate($0) })
        #expect(items.filter(trip.matches).map(\.name) == ["新幹線", "駅弁"])
        #expect(items.filter(try SearchQuery("弁", tags: ["旅行"]).matches).map(\.name) == ["駅弁"])
        #expect(items.filter(try SearchQuery("", tags: ["旅行", "帰省"]).matches).map(\.name) == ["駅弁"], "every tag given")
        #expect(items.filter(try SearchQuery("", minimum: Yen(2000), tags: ["旅行"]).matches).map(\.name) == ["新幹線"])
        #expect(throws: SearchError.emptyPattern) { try SearchQuery(" ") }
    }

    @Test func rulesWithTagsRoundTripAsSchemaTwoAndThoseWithoutStayAsBefore() throws {
        func schema(_ rules: FilingRules) throws -> Int? { try JSONValue.parse(SettingsFile.rules.encode(rules))["schema"]?.intValue }
        let plain = FilingRules(rules: [FilingRule(pattern: "セブン", category: "food/drink")])
        #expect(try schema(plain) == 1)
        #expect(!String(decoding: SettingsFile.rules.encode(plain), as: UTF8.self).contains("tags"))
        let tagged = FilingRules(rules: [FilingRule(pattern: "薬局", category: "medical/medicine", tags: ["医療"])])
        #expect(try schema(tagged) == 2)
        #expect(try SettingsFile.rules.decode(SettingsFile.rules.encode(tagged)) == tagged)
        #expect(throws: SettingsFileProblem(.rules, .shape("rules[0].tags"))) {
            try SettingsFile.rules.decode(Array(#"{"schema":2,"rules":[{"pattern":"a","category":"food","tags":["a b"]}]}"#.utf8))
        }
        let filer = Filer(rules: tagged, history: FilingHistory([]), taxonomy: TaxonomyPreset.household.taxonomy)
        #expect(try filer.file(["スギ薬局"], unfiled: false).tags == ["医療"])
        #expect(try filer.file(["パン"], unfiled: false).tags == [])
    }

    /// Items tagged 医療 count in the 医療費控除 whatever their category, once even when in the medical category too.
    @Test func medicalTakesTaggedItemsOnce() {
        let taxonomy = TaxonomyPreset.household.taxonomy
        let medical = taxonomy.categories.first { $0.key == "medical" }!
        let transport = taxonomy.categories.first { $0.key == "transport" }!
        var taxi = tagged("タクシー", 2000, "2024-03-01", ["医療"], transport.code)
        taxi.details.member = "ken"
        let medicine = tagged("かぜ薬", 1500, "2024-04-01", ["医療"], medical.code)
        let items = [taxi, medicine, tagged("旅行の電車", 9000, "2024-05-01", ["旅行"], transport.code), item("診察", 3000, "2024-06-01", medical.code)]
        let report = MedicalReport(year: 2024, items: items, taxonomy: taxonomy, income: nil)
        #expect(report.paid == Yen(2000 + 1500 + 3000))
        #expect(report.rows.map(\.payee).sorted() == ["かぜ薬", "タクシー", "診察"])
        #expect(report.rows.first { $0.payee == "タクシー" }?.kinds == [.other], "a tagged item of another category is その他の医療費")
    }
}
