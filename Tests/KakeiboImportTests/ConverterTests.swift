import KakeiboKit
import Testing

@testable import KakeiboImport

let mfHeader = "計算対象,日付,内容,金額（円）,保有金融機関,大項目,中項目,メモ,振替,ID"
let zaimHeader = "日付,方法,カテゴリ,カテゴリの内訳,支払元,入金先,品目,メモ,お店,通貨,収入,支出,振替,残高調整,通貨変換前の金額,集計の設定"

/// Converts CSV text with the default mapping for the app's taxonomy (`--preset expenselog`).
func convert(
    _ source: ImportSource, _ rows: [String], mapping: CategoryMapping = .standard(.expenseLog), fallback: CategoryCode? = nil,
    income: IncomeTargets? = nil, transfers: CategoryCode? = nil
) throws(ConvertProblem) -> Conversion {
    let header = source == .moneyforward ? mfHeader : zaimHeader
    return try Converter.convert(
        Array(([header] + rows).joined(separator: "\r\n").utf8), from: source, mapping: mapping, fallback: fallback, income: income,
        transfers: transfers)
}

@Suite struct TransferRowTests {
    @Test func moneyForwardsTransfersMoveMoneyBetweenTheAccountAndTheOneItsContentNames() throws {
        let rows = [
            "\"1\",\"2024/11/27\",\"ラクテンカ－ド\",\"-45210\",\"ゆうちょ銀行\",\"現金・カード\",\"カード引き落とし\",\"\",\"1\",\"t1\"",
            "\"1\",\"2024/11/28\",\"ゆうちょ銀行\",\"45210\",\"楽天カード\",\"未分類\",\"未分類\",\"\",\"1\",\"t2\"",
            "\"1\",\"2024/11/29\",\"相殺\",\"0\",\"楽天カード\",\"未分類\",\"未分類\",\"\",\"1\",\"t3\"",
        ]
        let kept = try convert(.moneyforward, rows, transfers: CategoryCode(9))
        #expect(kept.items.map(\.price) == [45210, 45210])
        #expect(kept.items.map(\.details.payment) == ["ゆうちょ銀行", "ゆうちょ銀行"], "out of the account, or into it from the one named")
        #expect(kept.items.map(\.details.transfer) == ["ラクテンカ－ド", "楽天カード"])
        #expect((kept.transfers, kept.skipped) == (2, [.zero: 1]))
        let skipped = try convert(.moneyforward, rows)
        #expect(skipped.items.isEmpty && skipped.skipped == [.transfer: 3], "without a category for transfers they are skipped, as before")
    }

    @Test func zaimsTransfersGoFromTheSourceAccountToTheDestination() throws {
        let row = ["2024-11-10", "transfer", "-", "-", "銀行口座", "財布", "-", "ATM", "-", "JPY", "0", "0", "20000", "0", "0", "常に集計に含める"]
        let kept = try convert(.zaim, [row.joined(separator: ",")], transfers: CategoryCode(9))
        let item = try #require(kept.items.first)
        #expect((item.price, item.details.payment, item.details.transfer, item.details.memo) == (20000, "銀行口座", "財布", "ATM"))
        #expect(item.id.hasPrefix("z:"))
    }
}

/// A Zaim row with the usual values, changed where a test says.
func zaimRow(
    date: String = "2024-12-01", method: String = "payment", category: String = "食費", sub: String = "食料品",
    item: String = "牛乳", shop: String = "イオン", payment: String = "238", setting: String = "常に集計に含める"
) -> String {
    [date, method, category, sub, "財布", "-", item, "-", shop, "JPY", "0", payment, "0", "0", "0", setting]
        .map { $0.contains(",") ? "\"\($0)\"" : $0 }.joined(separator: ",")
}

@Suite struct MoneyForwardTests {
    @Test func expensesBecomePositivePricesAndRefundsNegativeOnes() throws {
        let result = try convert(
            .moneyforward,
            [
                "1,2024/12/01,ローソン,-580,カード,食費,食料品,,0,abc1",
                "1,2024/12/12,マツモトキヨシ 返品,480,カード,日用品,ドラッグストア,,0,abc2",
                #"1,2024/12/03,すき家,"-1,200",現金,食費,外食,"3人分, ""割り勘""",0,abc3"#,
            ])
        #expect(
            result.items == [
                WireItem(
                    id: "mf:abc1", date: CalendarDate(year: 2024, month: 12, day: 1)!, name: "ローソン", price: 580, category: CategoryCode(0, 0),
                    details: ItemDetails(payment: "カード")),
                WireItem(
                    id: "mf:abc2", date: CalendarDate(year: 2024, month: 12, day: 12)!, name: "マツモトキヨシ 返品", price: -480, category: CategoryCode(1, 2),
                    details: ItemDetails(payment: "カード")),
                WireItem(
                    id: "mf:abc3", date: CalendarDate(year: 2024, month: 12, day: 3)!, name: "すき家", price: 1200, category: CategoryCode(0),
                    details: ItemDetails(payment: "現金", memo: "3人分, \"割り勘\"")),
            ])
        #expect(result.rows == 3)
        #expect(result.skipped.isEmpty)
    }

    @Test func incomeRowsBecomeIncomeItemsWhenTheTaxonomyHasIncome() throws {
        let rows = [
            "1,2024/12/10,給与,250000,銀行,収入,給与,,0,i1",
            "1,2024/12/10,返金された給与,-1000,銀行,収入,給与,,0,i2",
            "1,2024/12/11,配当,3000,証券,収入,配当所得,,0,i3",
            "0,2024/12/12,対象外の収入,5000,銀行,収入,その他入金,,0,i4",
            "1,2024/12/13,ゼロ,0,銀行,収入,給与,,0,i5",
            "1,2024/12/14,振替の入金,7000,銀行,収入,その他入金,,1,i6",
            "1,2024/12/01,ローソン,-580,カード,食費,食料品,,0,e1",
        ]
        // The household's taxonomy: the app's (`expenselog`) has no income.
        let result = try convert(.moneyforward, rows, mapping: .standard(.standard), income: IncomeTargets.standard(.standard))
        #expect(result.items.map(\.id) == ["mf:i1", "mf:i2", "mf:i3", "mf:e1"])
        #expect(result.items.map(\.price.amount) == [250_000, -1000, 3000, 580], "income keeps its sign as MoneyForward writes it")
        // 配当 is the household's investment income (90/5).
        #expect(result.items.map(\.category) == [CategoryCode(90, 0), CategoryCode(90, 0), CategoryCode(90, 5), CategoryCode(0, 0)])
        #expect(result.income == 3)
        #expect(result.skipped == [.notCounted: 1, .zero: 1, .transfer: 1])
        // A rule sending income to a spending category is not followed: income stays income.
        let odd = try CategoryMapping.standard(.expenseLog).adding(
            file: Array(#"{"moneyforward": {"収入/配当所得": "food"}}"#.utf8), path: "m.json", taxonomy: .expenseLog)
        let mapped = try convert(.moneyforward, [rows[2]], mapping: odd, income: IncomeTargets.standard(.standard))
        #expect(mapped.items.map(\.category) == [CategoryCode(90, 3)])
        #expect(IncomeTargets.standard(Taxonomy(categories: [Taxonomy.standard.categories[0]])) == nil)
    }

    @Test func zaimIncomeIsIncomeAndItsCategoryMapsToASubcategory() throws {
        func income(_ category: String, _ amount: String, setting: String = "常に集計に含める") -> String {
            ["2024-12-10", "income", category, "-", "-", "銀行口座", "-", "-", "-", "JPY", amount, "0", "0", "0", "0", setting]
                .joined(separator: ",")
        }
        let rows = [
            income("給与所得", "250000"), income("賞与", "400000"), income("臨時収入", "5000"), income("給与所得", "0"),
            income("給与所得", "1000", setting: "集計に含めない"), zaimRow(),
        ]
        let result = try convert(.zaim, rows, mapping: .standard(.standard), income: IncomeTargets.standard(.standard))
        #expect(result.items.map(\.price.amount) == [250_000, 400_000, 5000, 238])
        #expect(result.items.map(\.category) == [CategoryCode(90, 0), CategoryCode(90, 1), CategoryCode(90, 3), CategoryCode(0, 0)])
        #expect(result.skipped == [.zero: 1, .notCounted: 1])
        #expect(Set(result.items.map(\.id)).count == 4)
    }

    @Test func skipsTransfersIncomeUncountedAndZeroRowsCountingEachOnce() throws {
        let result = try convert(
            .moneyforward,
            [
                "1,2024/12/05,カード引き落とし,-32000,銀行,現金・カード,カード引き落とし,,1,t1",
                "0,2024/12/05,振替で計算対象外,-100,銀行,現金・カード,カード引き落とし,,1,t2",
                "1,2024/12/10,給与,250000,銀行,収入,給与,,0,i1",
                "1,2024/12/10,返金された給与,-1000,銀行,収入,給与,,0,i2",
                "0,2024/12/11,立替,-3000,現金,交際費,飲み会,,0,n1",
                "1,2024/12/25,ポイント相殺,0,カード,日用品,日用品,,0,z1",
                "1,2024/12/01,ローソン,-580,カード,食費,食料品,,0,e1",
            ])
        #expect(result.items.map(\.id) == ["mf:e1"])
        #expect(result.skipped == [.transfer: 2, .income: 2, .notCounted: 1, .zero: 1])
        #expect(result.rows == 7)
    }

    @Test func namesFallBackToTheCategoryAndAreCleanedAndCut() throws {
        let long = "ＡＭＡＺＯＮ．ＣＯ．ＪＰ マーケットプレイス ワイヤレスイヤホン"
        let result = try convert(
            .moneyforward,
            [
                "1,2024/11/25,,-880,現金,日用品,日用品,,0,a",
                "1,2024/11/25, ,-880,現金,日用品,,,0,b",
                "1,2024/11/03,\"ドトール\r\n\t新宿店\",-320,現金,食費,カフェ,,0,c",
                "1,2024/12/15,\(long),-3980,カード,趣味・娯楽,本,,0,d",
            ])
        #expect(result.items.map(\.name) == ["日用品", "日用品", "ドトール 新宿店", String(long.prefix(30))])
        #expect(result.items[3].name.count == 30)
        #expect(result.shortened == 1)
        #expect(result.cleaned == 1)
    }

    @Test func rowsWithoutAnIDGetAStableOne() throws {
        let rows = ["1,2024/12/01,ローソン,-580,カード,食費,食料品,,0,", "1,2024/12/01,ローソン,-580,カード,食費,食料品,,0,"]
        let first = try convert(.moneyforward, rows).items.map(\.id)
        let again = try convert(.moneyforward, rows).items.map(\.id)
        #expect(first == again)
        #expect(first.count == 2 && first[0] != first[1])
        #expect(first.allSatisfy { $0.hasPrefix("mf:") })
    }

    @Test func theSameIDTwiceIsOneEntryUnlessTheRowsDiffer() throws {
        let row = "1,2024/12/01,ローソン,-580,カード,食費,食料品,,0,dup"
        let result = try convert(.moneyforward, [row, row])
        #expect(result.items.count == 1)
        #expect(result.skipped == [.duplicate: 1])
        #expect(throws: ConvertProblem.field(row: 3, line: 3, column: "ID", .repeatedID("dup", firstRow: 2))) {
            try convert(.moneyforward, [row, "1,2024/12/02,ローソン,-580,カード,食費,食料品,,0,dup"])
        }
    }

    @Test func aBadFieldNamesItsRowAndColumn() {
        let cases: [(String, ConvertProblem)] = [
            ("1,2024/13/01,x,-1,c,食費,,,0,a", .field(row: 3, line: 3, column: "日付", .value(.dateMonth("2024/13/01")))),
            ("1,2024/02/30,x,-1,c,食費,,,0,a", .field(row: 3, line: 3, column: "日付", .value(.dateDay("2024/02/30", year: 2024, month: 2, days: 29)))),
            ("1,2024-12-01,x,-1,c,食費,,,0,a", .field(row: 3, line: 3, column: "日付", .date("2024-12-01", example: "2024/12/03"))),
            ("1,2024/12/01,x,12.5,c,食費,,,0,a", .field(row: 3, line: 3, column: "金額（円）", .amount("12.5"))),
            ("1,2024/12/01,x,,c,食費,,,0,a", .field(row: 3, line: 3, column: "金額（円）", .amount(""))),
            ("2,2024/12/01,x,-1,c,食費,,,0,a", .field(row: 3, line: 3, column: "計算対象", .flag("2"))),
            ("1,2024/12/01,x,-1,c,食費,,,yes,a", .field(row: 3, line: 3, column: "振替", .flag("yes"))),
            ("1,2024/12/01,x,-1,c,食費,,,0", .fieldCount(row: 3, line: 3, count: 9, expected: 10)),
        ]
        for (row, problem) in cases {
            #expect(throws: problem, "\(row)") { try convert(.moneyforward, ["1,2024/12/01,ok,-1,c,食費,,,0,ok", row]) }
        }
        let problem = ConvertProblem.field(row: 7, line: 9, column: "日付", .value(.dateMonth("2024/13/01")))
        #expect(problem.message(in: .en) == "row 7 (line 9), column 日付: '2024/13/01' is not a date: month must be 1–12")
    }

    @Test func aWrongHeaderIsRefusedAndTheOtherAppRecognised() {
        #expect(throws: ConvertProblem.header(.moneyforward, missing: ["計算対象", "内容", "金額（円）", "保有金融機関", "大項目", "中項目", "ID"], looksLike: .zaim)) {
            try Converter.convert(Array(zaimHeader.utf8), from: .moneyforward, mapping: .standard(.standard), fallback: nil)
        }
        #expect(throws: ConvertProblem.header(.zaim, missing: Zaim.columns, looksLike: nil)) {
            try Converter.convert(Array("[{\"id\":1}]".utf8), from: .zaim, mapping: .standard(.standard), fallback: nil)
        }
        #expect(throws: ConvertProblem.empty(.zaim)) { try Converter.convert([], from: .zaim, mapping: .standard(.standard), fallback: nil) }
        #expect(throws: ConvertProblem.notText) {
            try Converter.convert([0x00, 0xFF, 0xFE, 0x82], from: .zaim, mapping: .standard(.standard), fallback: nil)
        }
    }
}

@Suite struct ZaimTests {
    @Test func onlyPaymentsAreExpensesAndEveryOtherMethodIsCounted() throws {
        let result = try convert(
            .zaim,
            [
                zaimRow(),
                zaimRow(method: "income", category: "給与所得", sub: "-", payment: "0"),
                zaimRow(method: "transfer", category: "-", sub: "-", payment: "0"),
                zaimRow(method: "balance", category: "-", sub: "-", payment: "0"),
                zaimRow(category: "大型出費", sub: "家電", payment: "128000", setting: "集計に含めない"),
                zaimRow(payment: "0"),
                zaimRow(date: "2024-12-02", item: "返品", payment: "-238"),
            ])
        #expect(result.items.map(\.price) == [238, -238])
        #expect(result.skipped == [.income: 1, .transfer: 1, .balance: 1, .notCounted: 1, .zero: 1])
    }

    @Test func dashMeansEmptyAndNamesFallBackToShopThenCategory() throws {
        let result = try convert(
            .zaim,
            [
                zaimRow(item: "-", shop: "JR東日本"),
                zaimRow(item: "-", shop: "-"),
                zaimRow(sub: "-", item: "-", shop: "-"),
            ])
        #expect(result.items.map(\.name) == ["JR東日本", "食料品", "食費"])
        #expect(result.items.map(\.category) == [CategoryCode(0, 0), CategoryCode(0, 0), CategoryCode(0)])
    }

    @Test func identicalRowsStayDistinctAndKeepTheirIdsOnEveryRun() throws {
        let rows = [zaimRow(item: "カフェラテ"), zaimRow(item: "カフェラテ"), zaimRow(item: "牛乳")]
        let ids = try convert(.zaim, rows).items.map(\.id)
        #expect(ids.count == 3 && Set(ids).count == 3)
        #expect(ids[0].hasSuffix("-1") && ids[1].hasSuffix("-2") && ids[2].hasSuffix("-1"))
        #expect(ids[0].dropLast(2) == ids[1].dropLast(2))
        #expect(try convert(.zaim, rows).items.map(\.id) == ids)
        // A category or memo changed in Zaim keeps the id, so a re-import updates the item instead of adding one.
        #expect(try convert(.zaim, [zaimRow(sub: "カフェ", item: "カフェラテ")]).items[0].id == ids[0])
        #expect(try convert(.zaim, [zaimRow(item: "カフェラテ", payment: "239")]).items[0].id != ids[0])
    }

    @Test func theHashIsFNV1aAndTheSameEverywhere() {
        #expect(Converter.stableHash("") == "cbf29ce484222325")
        #expect(Converter.stableHash("a") == "af63dc4c8601ec8c")
        #expect(Converter.stableHash("2024-12-02\u{1F}payment") == "12687353af6fb5d9")
    }

    @Test func anUnknownMethodIsRefused() {
        #expect(throws: ConvertProblem.field(row: 2, line: 2, column: "方法", .method("refund"))) {
            try convert(.zaim, [zaimRow(method: "refund")])
        }
        #expect(throws: ConvertProblem.field(row: 2, line: 2, column: "日付", .date("2024/12/01", example: "2024-12-03"))) {
            try convert(.zaim, [zaimRow(date: "2024/12/01")])
        }
        #expect(throws: ConvertProblem.field(row: 2, line: 2, column: "支出", .amount(""))) {
            try convert(.zaim, [zaimRow(payment: "-")])
        }
    }
}

@Suite struct CategoryMappingTests {
    let standard = CategoryMapping.standard(.expenseLog)

    @Test func defaultsCoverTheAppsStandardCategories() {
        func target(_ source: ImportSource, _ major: String, _ minor: String = "") -> CategoryMapping.Target? {
            standard.target(for: SourceCategory(major, minor), from: source)
        }
        #expect(target(.moneyforward, "食費", "食料品") == .category(CategoryCode(0, 0)))
        #expect(target(.moneyforward, "食費", "カフェ") == .category(CategoryCode(0, 1)))
        #expect(target(.moneyforward, "食費", "外食") == .category(CategoryCode(0)))
        #expect(target(.moneyforward, "食費") == .category(CategoryCode(0)), "'食費/*' covers no subcategory too")
        #expect(target(.moneyforward, "交通費", "タクシー") == .category(CategoryCode(1, 1)))
        #expect(target(.moneyforward, "日用品", "ドラッグストア") == .category(CategoryCode(1, 2)))
        #expect(target(.moneyforward, "趣味・娯楽", "本") == .category(CategoryCode(1)))
        #expect(target(.zaim, "食費", "カフェ") == .category(CategoryCode(0, 1)))
        #expect(target(.zaim, "交通", "電車") == .category(CategoryCode(1, 1)))
        #expect(target(.zaim, "日用雑貨", "消耗品") == .category(CategoryCode(1, 2)))
        #expect(target(.moneyforward, "住宅", "家賃・地代") == nil)
        #expect(target(.moneyforward, "交通", "電車") == nil, "Zaim's names are not MoneyForward's")
    }

    @Test func aFileComesBeforeTheDefaultsAndNullSkips() throws {
        let file = #"{"moneyforward": {"食費/カフェ": "食費/菓子", "住宅/*": "entertainment", "現金・カード": null}, "zaim": {}}"#
        let mapping = try standard.adding(file: Array(file.utf8), path: "m.json", taxonomy: .expenseLog)
        #expect(mapping.target(for: SourceCategory("食費", "カフェ"), from: .moneyforward) == .category(CategoryCode(0, 2)))
        #expect(mapping.target(for: SourceCategory("食費", "食料品"), from: .moneyforward) == .category(CategoryCode(0, 0)))
        #expect(mapping.target(for: SourceCategory("住宅", "家賃・地代"), from: .moneyforward) == .category(CategoryCode(1)))
        #expect(mapping.target(for: SourceCategory("現金・カード"), from: .moneyforward) == .skip)
        #expect(mapping.target(for: SourceCategory("現金・カード", "ATM引き出し"), from: .moneyforward) == nil, "'大項目' alone is only the rows without a 中項目")
        let result = try convert(.moneyforward, ["1,2024/12/01,x,-1,c,現金・カード,,,0,a"], mapping: mapping)
        #expect(result.items.isEmpty)
        #expect(result.skipped == [.mapping: 1])
    }

    @Test func aBadFileIsRefusedNamingTheEntry() {
        func problem(_ text: String) -> MappingProblem.Issue? {
            do {
                _ = try standard.adding(file: Array(text.utf8), path: "m.json", taxonomy: .expenseLog)
                return nil
            } catch { return error.issue }
        }
        #expect(problem(#"{"moneyfoward": {}}"#) == .unknownSource("moneyfoward"))
        #expect(
            problem(#"{"zaim": {"食費/*": "fod"}}"#)
                == .target(source: "zaim", key: "食費/*", .unknownCategory("fod", valid: ["food", "entertainment"], nearest: "food (食費)")))
        #expect(problem(#"{"zaim": {"食費/*": 3}}"#) == .shape("zaim: 食費/*"))
        #expect(problem(#"{"zaim": ["食費"]}"#) == .shape("zaim"))
        #expect(problem(#"["zaim"]"#) == .shape(nil))
        if case .syntax = problem("{") {} else { Issue.record("expected a syntax problem") }
        let message = MappingProblem(path: "m.json", issue: .unknownSource("x")).message(in: .en)
        #expect(message == "m.json: unknown app 'x'; expected moneyforward or zaim")
    }

    @Test func defaultsAHouseholdsTaxonomyLacksAreDroppedNotGuessed() throws {
        let own = Taxonomy(categories: [Taxonomy.Category(key: "food", code: 0, name: LocalizedText(en: "Food", ja: "食費"), subcategories: [])])
        let mapping = CategoryMapping.standard(own)
        #expect(mapping.target(for: SourceCategory("食費", "外食"), from: .zaim) == .category(CategoryCode(0)))
        #expect(
            mapping.target(for: SourceCategory("食費", "カフェ"), from: .zaim) == .category(CategoryCode(0)), "'food/drink' is unknown: '食費/*' applies")
        #expect(mapping.target(for: SourceCategory("交通", "電車"), from: .zaim) == nil)
    }

    @Test func unmappedCategoriesRefuseTheFileWithCountsUnlessThereIsAFallback() throws {
        let rows = [
            "1,2024/12/20,家賃,-85000,銀行,住宅,家賃・地代,,0,a",
            "1,2024/11/20,家賃,-85000,銀行,住宅,家賃・地代,,0,b",
            "1,2024/12/24,東京電力,-6234,カード,水道・光熱費,電気代,,0,c",
            "1,2024/12/01,ローソン,-580,カード,食費,食料品,,0,d",
            "1,2024/12/10,給与,250000,銀行,収入,給与,,0,e",
        ]
        let unmapped = [UnmappedCategory(name: "住宅/家賃・地代", count: 2), UnmappedCategory(name: "水道・光熱費/電気代", count: 1)]
        #expect(throws: ConvertProblem.unmapped(unmapped)) { try convert(.moneyforward, rows) }
        let message = ConvertProblem.unmapped(unmapped).message(in: .en)
        #expect(message.contains("住宅/家賃・地代 (2 rows), 水道・光熱費/電気代 (1 row)"))
        #expect(message.contains("--category"))
        let result = try convert(.moneyforward, rows, fallback: CategoryCode(1, 2))
        #expect(result.items.map(\.category) == [CategoryCode(1, 2), CategoryCode(1, 2), CategoryCode(1, 2), CategoryCode(0, 0)])
        #expect(result.unmapped == unmapped)
        #expect(result.fallback == CategoryCode(1, 2))
    }
}

/// The default taxonomy (a Japanese household's) takes every default category of both apps with no mapping file.
@Suite struct HouseholdMappingTests {
    let household = CategoryMapping.standard(.household)

    @Test func everyDefaultRuleFindsItsFirstChoiceInTheHouseholdTaxonomy() {
        for (source, pairs) in CategoryMapping.defaults {
            for (key, targets) in pairs {
                let first = trimWhitespace(String(targets.split(separator: "|")[0]))
                #expect(throws: Never.self, "\(source) \(key) → \(first)") { try Taxonomy.household.resolve(first) }
                #expect(household.rules[source]?[key] == .category(try! Taxonomy.household.resolve(first)))
            }
        }
    }

    @Test func theUsualRowsOfBothAppsImportWithoutAMappingFile() throws {
        func code(_ text: String) throws -> CategoryCode { try Taxonomy.household.resolve(text) }
        let mf = try convert(
            .moneyforward,
            [
                "1,2024/12/27,家賃,-85000,銀行,住宅,家賃・地代,,0,a", "1,2024/12/24,東京電力,-6234,カード,水道・光熱費,電気代,,0,b",
                "1,2024/12/05,クリニック,-1500,現金,健康・医療,医療費,,0,c", "1,2024/12/06,忘年会,-5000,現金,交際費,飲み会,,0,d",
                "1,2024/12/01,生命保険,-8000,銀行,保険,生命保険,,0,e", "1,2024/12/02,Suica,-1000,Suica,交通費,電車,,0,f",
                "1,2024/12/03,洗剤,-398,カード,日用品,日用品,,0,g", "1,2024/12/04,謎,-100,現金,未分類,未分類,,0,h",
                "1,2024/12/08,ジム,-8800,カード,健康・医療,フィットネス,,0,i", "1,2024/12/09,0円,0,カード,食費,食料品,,0,j",
                "1,2024/12/10,自分で足した中項目,-300,現金,食費,コンビニ,,0,k", "1,2024/12/25,給与,300000,銀行,収入,給与,,0,l",
            ], mapping: household, income: IncomeTargets.standard(.household))
        #expect(
            try mf.items.map(\.category)
                == [
                    "housing/rent", "utilities/electricity", "medical/clinic", "social/dining", "insurance/life", "transport/train", "daily",
                    "other", "entertainment/sports", "food", "income/salary",
                ].map(code))
        #expect(mf.unmapped.isEmpty && mf.skipped == [.zero: 1], "a zero row is skipped, never a failure")
        let zaim = try convert(
            .zaim,
            [
                zaimRow(category: "住まい", sub: "家賃", item: "家賃", payment: "85000"),
                zaimRow(category: "水道・光熱", sub: "電気料金", item: "電気", payment: "6234"),
                zaimRow(category: "税金", sub: "住民税", item: "住民税", payment: "12000"),
                zaimRow(category: "大型出費", sub: "家電", item: "洗濯機", payment: "89800"),
                zaimRow(category: "医療・保険", sub: "病院代", item: "歯医者", payment: "3000"),
                zaimRow(category: "その他", sub: "お小遣い", item: "小遣い", payment: "20000"),
                zaimRow(category: "食費", sub: "食料品", item: "ゼロ", payment: "0"),
                ["2024-12-25", "income", "給与", "-", "-", "銀行口座", "-", "-", "-", "JPY", "300000", "0", "0", "0", "0", "常に集計に含める"]
                    .joined(separator: ","),
            ], mapping: household, income: IncomeTargets.standard(.household))
        #expect(
            try zaim.items.map(\.category)
                == ["housing/rent", "utilities/electricity", "taxes/tax", "special/appliances", "medical/clinic", "allowance", "income/salary"]
                .map(code))
        #expect(zaim.unmapped.isEmpty && zaim.skipped == [.zero: 1])
    }

    @Test func aCategoryTheAppDoesNotShipIsStillAskedAbout() {
        #expect(throws: ConvertProblem.unmapped([UnmappedCategory(name: "ペット/病院", count: 1)])) {
            try convert(.moneyforward, ["1,2024/12/01,動物病院,-5000,現金,ペット,病院,,0,a"], mapping: household)
        }
    }
}
