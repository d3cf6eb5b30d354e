import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

@Suite struct PriceTests {
    @Test(arguments: [("178", 178), ("-500", -500), ("1,899", 1899), ("12,345,678", 12_345_678), ("9999999999", 9_999_999_999)])
    func acceptsWholeYen(text: String, amount: Int) throws {
        #expect(try Yen.parsePrice(text) == Yen(amount))
    }

    @Test func refusesWhatIsNotAPrice() throws {
        #expect(throws: ValueError.price("abc", reason: .notWhole)) { try Yen.parsePrice("abc") }
        #expect(throws: ValueError.price("0", reason: .zero)) { try Yen.parsePrice("0") }
        #expect(throws: ValueError.price("-0", reason: .zero)) { try Yen.parsePrice("-0") }
        #expect(throws: ValueError.price("1e3", reason: .notWhole)) { try Yen.parsePrice("1e3") }
        #expect(throws: ValueError.price("12.5", reason: .notWhole)) { try Yen.parsePrice("12.5") }
        #expect(throws: ValueError.price("99999999999999999999", reason: .tooLarge)) { try Yen.parsePrice("99999999999999999999") }
        #expect(throws: ValueError.price("10000000000", reason: .tooLarge)) { try Yen.parsePrice("10000000000") }
        #expect(throws: ValueError.price("1,89", reason: .notWhole)) { try Yen.parsePrice("1,89") }
        #expect(throws: ValueError.price("", reason: .notWhole)) { try Yen.parsePrice("") }
        #expect(throws: ValueError.price("-", reason: .notWhole)) { try Yen.parsePrice("-") }
        #expect(throws: ValueError.price("+5", reason: .notWhole)) { try Yen.parsePrice("+5") }
        // Full-width digits are read; full-width text that is still no number names what was typed.
        #expect(try Yen.parsePrice("１７８") == Yen(178))
        #expect(throws: ValueError.price("１７８ドル", reason: .notWhole)) { try Yen.parsePrice("１７８ドル") }
    }

    @Test func anyIntIsJudgedAsAPriceWithoutATrap() {
        #expect(!Yen(Int.min).isValidPrice && !Yen(Int.max).isValidPrice && !Yen(0).isValidPrice)
        #expect(Yen(-9_999_999_999).isValidPrice && !Yen(-10_000_000_000).isValidPrice)
    }

    @Test func formatsBothWays() {
        #expect(Yen(12345).formatted(.en) == "¥12,345")
        #expect(Yen(12345).formatted(.ja) == "12,345円")
        #expect(Yen(-500).formatted(.en) == "-¥500")
        #expect(Yen(-1500).formatted(.ja) == "-1,500円")
        #expect(Yen(0).formatted(.en) == "¥0")
        #expect(Yen(100).grouped == "100")
        #expect(Yen(1_000_000).grouped == "1,000,000")
    }
}

@Suite struct NameTests {
    @Test func trimsAndCountsCharacters() throws {
        #expect(try ItemName.validate("  コーヒー　") == "コーヒー")
        #expect(try ItemName.validate(String(repeating: "あ", count: 30)).count == 30)
        // Counted in code points, as the household server counts (SyncLimits): a family of three is five.
        #expect(try ItemName.validate(String(repeating: "👨‍👩‍👧", count: 6)).count == 6)
        #expect(throws: ValueError.nameTooLong(count: 150)) { try ItemName.validate(String(repeating: "👨‍👩‍👧", count: 30)) }
        #expect(throws: ValueError.nameTooLong(count: 31)) { try ItemName.validate(String(repeating: "a", count: 31)) }
        #expect(throws: ValueError.nameEmpty) { try ItemName.validate("   ") }
        #expect(throws: ValueError.nameEmpty) { try ItemName.validate("") }
        #expect(throws: ValueError.nameControlCharacter) { try ItemName.validate("a\u{1B}[2Jb") }
        #expect(throws: ValueError.nameControlCharacter) { try ItemName.validate("two\nlines") }
    }
}

@Suite struct TaxonomyTests {
    let taxonomy = Taxonomy.expenseLog

    @Test func resolvesKeysAndNamesInAnyCase() throws {
        #expect(try taxonomy.resolve("food") == CategoryCode(0))
        #expect(try taxonomy.resolve("食費") == CategoryCode(0))
        #expect(try taxonomy.resolve("FOOD") == CategoryCode(0))
        #expect(try taxonomy.resolve("food/drink") == CategoryCode(0, 1))
        #expect(try taxonomy.resolve("食費/飲料") == CategoryCode(0, 1))
        #expect(try taxonomy.resolve("Entertainment/Transportation") == CategoryCode(1, 1))
        #expect(try taxonomy.resolve("娯楽費／交通費") == CategoryCode(1, 1))
    }

    @Test func listsTheValidChoicesWhenUnknown() {
        #expect(throws: ValueError.unknownCategory("fod", valid: ["food", "entertainment"], nearest: "food (食費)")) {
            try taxonomy.resolve("fod")
        }
        #expect(throws: ValueError.unknownSubcategory("beer", category: "food", valid: ["grocery", "drink", "sweets", "supplement"])) {
            try taxonomy.resolve("food/beer")
        }
        let message = ValueError.unknownCategory("fod", valid: ["food", "entertainment"]).message(in: .en)
        #expect(message.contains("food, entertainment"))
    }

    /// A near miss names the nearest category or subcategory (Japanese names too), and a subcategory that
    /// belongs to exactly one category is enough on its own.
    @Test func theDefaultIsAHouseholdsTaxonomyThatKeepsTheAppsCodes() throws {
        let household = Taxonomy.standard
        #expect(household == .household)
        let keys = household.categories.flatMap { $0.subcategories.map(\.key) }
        #expect(Set(keys).count == keys.count, "a subcategory alone names its category")
        for text in ["transport", "交通費", "daily", "日用品", "allowance", "小遣い", "medical/dental", "income/salary", "other"] {
            #expect(throws: Never.self, "\(text)") { try household.resolve(text) }
        }
        #expect(try household.resolve("交通費") == CategoryCode(14), "the household's transport, not the app's 1/1")
        // What the app writes keeps its code and a name.
        #expect(household.label(CategoryCode(1, 1), .ja) == "娯楽費 › 交通費（アプリ）")
        #expect(household.label(CategoryCode(1, 2), .en) == "Entertainment › Goods (app)")
        #expect(household.defaultCategory == CategoryCode(19) && Taxonomy.expenseLog.defaultCategory == CategoryCode(0))
        #expect(TaxonomyPreset.expenselog.taxonomy.categories.map(\.key) == ["food", "entertainment"])
    }

    @Test func suggestsTheNearestAndTakesAUniqueSubcategoryAlone() throws {
        #expect(try taxonomy.resolve("drink") == CategoryCode(0, 1))
        #expect(try taxonomy.resolve("雑貨") == CategoryCode(1, 2))
        #expect(try Taxonomy.household.resolve("rent") == CategoryCode(2, 0))
        #expect(throws: ValueError.unknownCategory("good", valid: ["food", "entertainment"], nearest: "entertainment/goods (娯楽費/雑貨)")) {
            try taxonomy.resolve("good")
        }
        #expect(throws: ValueError.unknownCategory("娯楽", valid: ["food", "entertainment"], nearest: "entertainment (娯楽費)")) {
            try taxonomy.resolve("娯楽")
        }
        #expect(
            throws: ValueError.unknownSubcategory(
                "drnk", category: "food", valid: ["grocery", "drink", "sweets", "supplement"], nearest: "food/drink (食費/飲料)")
        ) {
            try taxonomy.resolve("food/drnk")
        }
        #expect(throws: ValueError.unknownCategory("zzz", valid: ["food", "entertainment"])) { try taxonomy.resolve("zzz") }
        #expect(Nearest.word(to: "mnth", in: ["add", "month", "year"]) == "month")
        #expect(Nearest.word(to: "--categroy", in: ["--category", "--sort"]) == "--category")
    }

    @Test func labelsUnknownCodesWithoutDroppingThem() {
        #expect(taxonomy.label(category: 7, .en) == "category 7")
        #expect(taxonomy.label(category: 7, .ja) == "項目7")
        #expect(taxonomy.label(category: 0, subcategory: 9, .en) == "subcategory 9")
        #expect(taxonomy.label(category: 0, subcategory: nil, .ja) == "なし")
        #expect(taxonomy.label(CategoryCode(0, 1), .en) == "Food › Drink")
        #expect(taxonomy.key(category: 7) == "7")
    }

    @Test func readsAHouseholdsOwnCategoriesFile() throws {
        let file = """
            {"categories": [
              {"key": "home", "code": 5, "ja": "住居", "en": "Home", "subcategories": [{"key": "rent", "code": 0, "ja": "家賃", "en": "Rent"}]},
              {"key": "food", "code": 0, "ja": "食費", "en": "Food"}
            ]}
            """
        let custom = try TaxonomyCodec.decode(Array(file.utf8))
        #expect(custom.categories.map(\.key) == ["home", "food"])
        #expect(try custom.resolve("住居/家賃") == CategoryCode(5, 0))
        #expect(try TaxonomyCodec.decode(TaxonomyCodec.encode(custom)) == custom)
        #expect(try TaxonomyCodec.decode(TaxonomyCodec.encode(.standard)) == .standard)
    }

    @Test func refusesAmbiguousOrMalformedCategoriesFiles() {
        #expect(throws: TaxonomyProblem.self) { try TaxonomyCodec.decode(Array("{".utf8)) }
        #expect(throws: TaxonomyProblem.empty) { try TaxonomyCodec.decode(Array(#"{"categories":[]}"#.utf8)) }
        #expect(throws: TaxonomyProblem.badKey("Food")) {
            try TaxonomyCodec.decode(Array(#"{"categories":[{"key":"Food","code":0,"ja":"a","en":"b"}]}"#.utf8))
        }
        #expect(throws: TaxonomyProblem.reservedKey("none")) {
            try TaxonomyCodec.decode(Array(#"{"categories":[{"key":"none","code":0,"ja":"a","en":"b"}]}"#.utf8))
        }
        #expect(throws: TaxonomyProblem.duplicate("code 0")) {
            try TaxonomyCodec.decode(Array(#"{"categories":[{"key":"a","code":0,"ja":"a","en":"a"},{"key":"b","code":0,"ja":"b","en":"b"}]}"#.utf8))
        }
        #expect(throws: TaxonomyProblem.duplicate("a")) {
            try TaxonomyCodec.decode(Array(#"{"categories":[{"key":"a","code":0,"ja":"x","en":"x"},{"key":"b","code":1,"ja":"y","en":"a"}]}"#.utf8))
        }
    }
}

@Suite struct TypedIDTests {
    @Test func anIdIsNamedWholeByItsStartOrWithoutItsSourcesPrefix() {
        #expect(TypedID.match("mf:mfH023", "mf:mfH023") == .whole)
        #expect(TypedID.match("mf:mfH0", "mf:mfH023") == .start)
        #expect(TypedID.match("mfH023", "mf:mfH023") == .wholeWithoutSource)
        #expect(TypedID.match("mfH02", "mf:mfH023") == .startWithoutSource)
        #expect(TypedID.match("fH023", "mf:mfH023") == nil, "only a start names an id")
        #expect(TypedID.match("23", "fixed-2a10025a-2024:23") == nil, "a prefix is 1–8 letters and a colon")
        #expect(TypedID.match("", "mf:x") == nil)
        #expect(TypedID.best([(TypedID.startWithoutSource, 1), (.start, 2), (.start, 3)]) == [1, 2, 3], "a start of several is ambiguous")
        #expect(TypedID.best([(TypedID.startWithoutSource, 1), (.whole, 2), (.start, 3)]) == [2], "a whole id is that item")
    }
}
