import Testing

@testable import KakeiboOperations
@testable import KakeiboRender
@testable import KakeiboReports
@testable import KakeiboStore
@testable import KakeiboValues

@Suite struct TextFoldTests {
    func folded(_ text: String) -> String { String(decoding: TextFold.fold(text), as: UTF8.self) }

    @Test func halfWidthKanaBecomesFullWidthWithItsSoundMarks() {
        #expect(TextFold.halfWidthKana.count == 0xFF9F - 0xFF61 + 1)
        #expect(folded("ｺｰﾋｰ") == "コーヒー")
        #expect(folded("ｶﾞｽ代") == "ガス代")
        #expect(folded("ﾊﾟﾝ ﾋﾞｰﾙ ｳﾞｨ") == "パン ビール ヴィ")
        #expect(folded("ｱｲｳｴｵ ﾜｦﾝ｡｢｣､･") == "アイウエオ ワヲン。「」、・")
        #expect(folded("ﾏﾞ") == "マ゛", "a mark on a kana that takes none stays a mark")
        #expect(folded("カ\u{3099}") == "ガ", "a combining mark joins the kana before it")
        #expect(folded("ハ\u{309A}ン") == "パン")
    }

    @Test func hiraganaFindsKatakanaAndBackward() throws {
        #expect(folded("こーひー") == "コーヒー")
        #expect(folded("ぎゅうにゅう") == "ギュウニュウ")
        #expect(folded("か\u{3099}") == "ガ", "a combining mark joins a hiragana as its katakana")
        #expect(folded("ゝゞ") == "ヽヾ")
        #expect(folded("牛乳 ヴ") == "牛乳 ヴ", "kanji and katakana stay as they are")
        #expect(try SearchQuery("こーひー").matches(item("コーヒー", 178, "2024-12-03")))
        #expect(try SearchQuery("コーヒー").matches(item("こーひー牛乳", 150, "2024-12-03")))
        #expect(try SearchQuery("ｺｰﾋｰ").matches(item("こーひー", 150, "2024-12-03")))
    }

    @Test func fullWidthASCIIAndCaseFold() {
        #expect(folded("ＣＯＦＦＥＥ") == "coffee")
        #expect(folded("Coffee １７８円") == "coffee 178円")
        #expect(folded("Ｓｕｉｃａ　チャージ") == "suica チャージ", "the ideographic space is a space")
        #expect(folded("コーヒー") == "コーヒー", "full-width kana and kanji are as they are")
    }

    @Test func searchMatchesNameShopAndMemoFolded() throws {
        var coffee = item("コーヒー", 178, "2024-12-03")
        coffee.details = ItemDetails(shop: "ドトール", memo: "Morning")
        #expect(try SearchQuery("ｺｰﾋｰ").matches(coffee))
        #expect(try SearchQuery("ﾄﾞﾄｰﾙ").matches(coffee))
        #expect(try SearchQuery("ＭＯＲＮ").matches(coffee))
        #expect(try !SearchQuery("紅茶").matches(coffee))
        #expect(try !SearchQuery("ｺｰﾋｰ", minimum: Yen(200)).matches(coffee))
        #expect(try !SearchQuery("ｺｰﾋｰ", from: CalendarDate.parseISO("2024-12-04")).matches(coffee))
        #expect(throws: SearchError.emptyPattern) { try SearchQuery("  　") }
    }
}

@Suite struct ItemDetailsCodecTests {
    @Test func detailsRoundTripAndOnlyTheyBumpTheSchema() throws {
        var a = item("コーヒー", 178, "2024-12-03")
        a.details = ItemDetails(payment: "現金", shop: "ドトール", memo: "朝 \"1\"", member: "ayumi", personal: true)
        let b = item("パン", 300, "2024-12-04")
        let bytes = MonthFileCodec.encode([a, b], month: december)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\"schema\":2,"))
        #expect(try MonthFileCodec.decode(bytes, month: december) == [a, b])
        let plain = MonthFileCodec.encode([b], month: december)
        #expect(String(decoding: plain, as: UTF8.self).hasPrefix("{\"schema\":1,"), "a month without details stays as it was")
        #expect(!String(decoding: plain, as: UTF8.self).contains("payment"))
        #expect(try WireFormat.decode(WireFormat.encode([WireItem(a)])) == [WireItem(a)])
    }

    @Test func badDetailsAreRefusedInMonthFilesAndLenientOnTheWire() throws {
        let head =
            #"{"schema":2,"month":"2024-12","items":[{"id":"a","date":"2024-12-03","name":"x","price":1,"category":0,"subcategory":null,"sync":"pending","added":"2024-12-03T00:00:00.000Z""#
        for bad in [#","payment":"""#, #","personal":"yes""#, #","memo":""# + String(repeating: "a", count: 101) + "\""] {
            #expect(throws: MonthFileProblem.self) { try MonthFileCodec.decode(Array((head + bad + "}]}").utf8), month: december) }
        }
        let wire = #"[{"id":1,"date":"20241203","name":"x","price":1,"category":0,"payment":"","shop":null,"member":"ken"}]"#
        #expect(try WireFormat.decode(Array(wire.utf8))[0].details == ItemDetails(member: "ken"))
    }

    @Test func detailLimits() throws {
        #expect(try DetailField.payment.validate(" 現金 ") == "現金")
        #expect(throws: DetailError.empty(.payment)) { try DetailField.payment.validate("　") }
        #expect(throws: DetailError.tooLong(.memo, count: 200)) { try DetailField.memo.validate(String(repeating: "メ", count: 200)) }
        #expect(try DetailField.memo.validate(String(repeating: "メ", count: 100)).count == 100)
        #expect(throws: DetailError.tooLong(.shop, count: 31)) { try DetailField.shop.validate(String(repeating: "s", count: 31)) }
    }
}

@Suite struct SettlementTests {
    /// A month of two members' spending from a fixed seed: shared and personal items, refunds, and items without a
    /// member; the settlement must equal the sums worked out here item by item.
    @Test(arguments: [1, 7, 42, 99])
    func twoMemberMonthEqualsAnIndependentComputation(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var items: [Item] = []
        for index in 0..<120 {
            var new = item(
                "i\(index)", Int.random(in: 1...9_999, using: &random) * (index % 17 == 0 ? -1 : 1), "2024-12-\(10 + index % 18)", id: "n\(index)")
            let who = Int.random(in: 0...9, using: &random)
            new.details = ItemDetails(member: who < 5 ? "ayumi" : who < 9 ? "ken" : nil, personal: Int.random(in: 0...5, using: &random) == 0)
            items.append(new)
        }
        let split = try Split.parse("ayumi=60,ken=40")
        let settlement = Settlement(period: .month(december), items: items, split: split)

        func paid(_ member: String) -> Int {
            items.filter { $0.details.member == member && !$0.details.personal }.map(\.price.amount).reduce(0, +)
        }
        let shared = paid("ayumi") + paid("ken")
        // ayumi's 60%: rounded down, plus the left-over yen when her remainder is the larger (or equal: she is first).
        let ayumiShare = Int((Double(shared) * 0.6).rounded(.down))
        let kenShare = Int((Double(shared) * 0.4).rounded(.down))
        let left = shared - ayumiShare - kenShare
        let ayumiGetsIt = left == 1 && (shared * 60 % 100 + 100) % 100 >= (shared * 40 % 100 + 100) % 100
        let expectedAyumi = ayumiShare + (ayumiGetsIt ? 1 : 0)
        #expect(settlement.shared.amount == shared)
        #expect(settlement.members.map(\.name) == ["ayumi", "ken"])
        #expect(settlement.members[0].paid.amount == paid("ayumi"))
        #expect(settlement.members[0].share.amount == expectedAyumi)
        #expect(settlement.members[1].share.amount == shared - expectedAyumi)
        #expect(
            settlement.members[1].personal.amount
                == items.filter { $0.details.member == "ken" && $0.details.personal }.map(\.price.amount).reduce(0, +))
        #expect(settlement.unassigned.amount == items.filter { $0.details.member == nil }.map(\.price.amount).reduce(0, +))
        let owes = paid("ayumi") - expectedAyumi
        if owes == 0 {
            #expect(settlement.transfers.isEmpty)
        } else {
            let transfer = try #require(settlement.transfers.first)
            #expect(settlement.transfers.count == 1)
            #expect(transfer.from == (owes < 0 ? "ayumi" : "ken"))
            #expect(transfer.amount.amount == abs(owes))
        }
    }

    @Test func equalSharesGiveTheLeftOverYenInOrder() {
        #expect(Settlement.shares(of: 100, weights: [1, 1, 1]) == [34, 33, 33])
        #expect(Settlement.shares(of: 101, weights: [60, 40]) == [61, 40])
        #expect(Settlement.shares(of: -101, weights: [1, 1]) == [-50, -51])
        #expect(Settlement.shares(of: 0, weights: [0, 0]) == [0, 0])
    }

    @Test func splitsThatDontAddUpAreRefused() throws {
        for bad in ["ayumi=60,ken=30", "ayumi=100", "ayumi=60,ayumi=40", "ayumi=x,ken=40", "=60,ken=40", "ayumi=0,ken=100"] {
            #expect(throws: SettingError.self, "\(bad)") { try Split.parse(bad) }
        }
        #expect(try Split.parse("ayumi＝60、ken=40").text == "ayumi=60,ken=40")
    }
}

@Suite struct SearchScanTests {
    @Test func onlyTheItemLinesHoldingTheTextAreKeptAndOddFilesAreDecodedWhole() throws {
        var shop = item("豆", 900, "2024-12-05", id: "c")
        shop.details.shop = "COFFEE館"
        let items = [item("コーヒー \"濃いめ\"", 178, "2024-12-03", id: "a"), item("紅茶", 300, "2024-12-04", id: "b"), shop]
        let bytes = MonthFileCodec.encode(items, month: december)
        let cut = try #require(LedgerStore.candidateItems(bytes, TextFold.fold("ｺｰﾋｰ")))
        #expect(try MonthFileCodec.decode(cut, month: december) == [items[0]])
        let coffee = try #require(LedgerStore.candidateItems(bytes, TextFold.fold("coffee")))
        #expect(try MonthFileCodec.decode(coffee, month: december) == [shop])
        #expect(LedgerStore.candidateItems(bytes, TextFold.fold("緑茶")) == nil)
        let schema = try #require(LedgerStore.candidateItems(bytes, TextFold.fold("schema")))
        #expect(try MonthFileCodec.decode(schema, month: december).isEmpty, "the header line is not an item")
        let reformatted = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: ",\"date\"", with: ",\n\"date\"").utf8)
        #expect(LedgerStore.candidateItems(reformatted, TextFold.fold("紅茶")) == reformatted, "not one item per line: decoded whole")
    }
}
