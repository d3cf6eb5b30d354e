import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

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
