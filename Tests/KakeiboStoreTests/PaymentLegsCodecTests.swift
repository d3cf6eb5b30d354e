import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

/// A purchase paid in parts (`ItemDetails.legs`) in a month file and on the wire: written only when there are legs,
/// under schema 7 (kakeibo before legs refuses the file rather than dropping them), read back as written, and refused
/// when the legs are not parts of the price.
@Suite struct PaymentLegsCodecTests {
    static let legs = [PaymentLeg(payment: "PayPay", price: Yen(100))]

    func daiso() -> Item {
        var made = item("ダイソー", 1100, "2024-12-12")
        made.details = ItemDetails(payment: "クレジット JCB 1234", shop: "ダイソー")
        made.details.legs = Self.legs
        return made
    }

    @Test func legsRoundTripInAMonthFileUnderSchemaSeven() throws {
        let plain = item("パン", 300, "2024-12-04")
        let bytes = MonthFileCodec.encode([daiso(), plain], month: december)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\"schema\":7,"))
        #expect(text.contains(#""legs":[{"payment":"PayPay","price":100}]"#))
        #expect(try MonthFileCodec.decode(bytes, month: december) == [daiso(), plain])
        #expect(try MonthFileCodec.decode(bytes, month: december)[0].ownPart == Yen(1000))
        let without = String(decoding: MonthFileCodec.encode([plain], month: december), as: UTF8.self)
        #expect(!without.hasPrefix("{\"schema\":7,") && !without.contains("legs"), "a month without legs is written as before")
    }

    @Test func legsRoundTripOnTheWire() throws {
        let wire = WireItem(daiso())
        let bytes = WireFormat.encode([wire])
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""legs":[{"payment":"PayPay","price":100}]"#))
        #expect(try WireFormat.decode(bytes) == [wire])
        let copy = WireItem(id: wire.id, date: wire.date, name: wire.name, price: wire.price, category: wire.category)
        #expect(copy.keeping(daiso()).details.legs == Self.legs, "a copy from a server without the legs keeps this store's")
    }

    @Test func legsThatAreNotPartsOfThePriceAreRefused() throws {
        let head =
            #"{"schema":7,"month":"2024-12","items":[{"id":"a","date":"2024-12-03","name":"x","price":1100,"category":0,"subcategory":null,"sync":"pending","added":"2024-12-03T00:00:00.000Z","payment":"JCB""#
        let bad = [
            #","legs":[{"payment":"PayPay","price":1100}]"#, #","legs":[{"payment":"PayPay","price":0}]"#,
            #","legs":[{"payment":"","price":1}]"#, #","legs":[{"payment":"PayPay"}]"#, #","legs":[{"payment":"PayPay","price":1,"x":1}]"#,
            #","legs":"PayPay""#, #","legs":["# + Array(repeating: #"{"payment":"P","price":1}"#, count: 9).joined(separator: ",") + "]",
        ]
        for legs in bad {
            #expect(throws: MonthFileProblem.self, "\(legs)") { try MonthFileCodec.decode(Array((head + legs + "}]}").utf8), month: december) }
            let wire = #"[{"id":"a","date":"20241203","name":"x","price":1100,"category":0,"payment":"JCB""# + legs + "}]"
            #expect(throws: WireProblem.self, "\(legs)") { try WireFormat.decode(Array(wire.utf8)) }
        }
        #expect(MonthFileCodec.legsSchemaVersion == 7 && MonthFileCodec.newestSchemaVersion >= 7)
    }
}
