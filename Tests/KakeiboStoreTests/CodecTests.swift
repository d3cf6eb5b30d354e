import Foundation
import KakeiboTestSupport
import KakeiboValues
import Testing

@testable import KakeiboStore

@Suite struct JSONScannerTests {
    func parse(_ text: String) throws -> JSONValue { try JSONValue.parse(Array(text.utf8)) }

    @Test func readsEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""a\"b\\c\/d\n\u00e9\ud83c\udf63""#) == .string("a\"b\\c/d\né🍣"))
        #expect(
            try parse(#"["コーヒー", 178, -5, 1.5, true, null]"#)
                == .array([.string("コーヒー"), .integer(178), .integer(-5), .number(1.5), .bool(true), .null]))
    }

    @Test func refusesWhatIsNotJSON() {
        for bad in [
            "", "[1,]", "{\"a\":1,}", "[01]", "\"\\ud800\"", "\"\\x\"", "[1 2]", "{\"a\" 1}", "nul", "[1]x", "\"tab\there\"", "{\"a\":1,\"a\":2}",
        ] {
            #expect(throws: JSONError.self, "\(bad)") { try parse(bad) }
        }
        #expect(throws: JSONError.self) { try JSONValue.parse([0x22, 0xFF, 0x22]) }
        #expect(throws: JSONError.self) { try JSONValue.parse(Array(String(repeating: "[", count: 10_000).utf8)) }
    }

    /// An object of 200,000 keys (a hostile server's answer) is read, and a repeated key found, whether it repeats
    /// one of the first few keys or a late one; small objects keep refusing a repeat too.
    @Test func aHugeObjectIsReadAndARepeatedKeyFoundAnywhere() throws {
        let keys = (0..<200_000).map { "\"k\($0)\":\($0)" }
        let whole = try parse("{" + keys.joined(separator: ",") + "}")
        #expect(whole.objectValue?.count == 200_000)
        #expect(whole["k199999"] == .integer(199_999))
        #expect(throws: JSONError.self) { try parse("{" + keys.joined(separator: ",") + ",\"k3\":0}") }
        #expect(throws: JSONError.self) { try parse("{" + keys.joined(separator: ",") + ",\"k150000\":0}") }
        #expect(throws: JSONError.self) { try parse(#"{"a":1,"b":2,"a":3}"#) }
        #expect(try parse(#"{"a":1,"b":2}"#)["b"] == .integer(2))
    }

    @Test func saysWhereTheProblemIs() {
        do {
            _ = try parse("[\n1,\n2 3]")
            Issue.record("expected an error")
        } catch let error as JSONError {
            #expect(error.line == 3)
            #expect(error.column == 3)
        } catch {
            Issue.record("wrong error \(error)")
        }
    }

    @Test func integersMustBeWholeAndFit() throws {
        func integer(_ text: String) throws -> Int {
            try Array(text.utf8).withUnsafeBufferPointer { buffer in
                var scanner = JSONScanner(buffer)
                return try scanner.readInteger()
            }
        }
        #expect(throws: JSONError.self) { try integer("99999999999999999999") }
        #expect(throws: JSONError.self) { try integer("1.0") }
        #expect(throws: JSONError.self) { try integer("1e3") }
        #expect(try integer("-9223372036854775808") == Int.min)
        #expect(try integer("178") == 178)
    }
}

@Suite struct MonthFileTests {
    @Test func roundTripsEveryField() throws {
        let items = [
            item("コーヒー \"濃いめ\"", 178, "2024-12-03", 0, 1, id: "a"),
            item("返品", -50, "2024-12-31", 7, nil, id: "b", sync: .synced),
        ]
        let bytes = MonthFileCodec.encode(items, month: december)
        #expect(try MonthFileCodec.decode(bytes, month: december) == items)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\"schema\":1,\"month\":\"2024-12\",\"items\":["))
    }

    @Test func refusesANewerSchema() {
        let newer = MonthFileCodec.newestSchemaVersion + 1
        let text = #"{"schema":"# + String(newer) + #","month":"2024-12","items":[]}"#
        #expect(throws: MonthFileProblem.schemaNewer(found: newer)) { try MonthFileCodec.decode(Array(text.utf8), month: december) }
    }

    /// Where a member came from (`memberFrom`) is kept in the month file, which is then schema 6; a file without it
    /// reads as before (its members given); the wire format neither writes nor needs it.
    @Test func whereAMemberCameFromIsKeptHereAndNeverSent() throws {
        var derived = item("品", 100, "2024-12-03", id: "vp:1")
        derived.details = ItemDetails(payment: "iD", member: "ken")
        derived.details.memberFrom = .account
        var given = item("品", 200, "2024-12-04", id: "vp:2")
        given.details = ItemDetails(member: "ayumi")
        let bytes = MonthFileCodec.encode([derived, given], month: december)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"schema":6,"#))
        #expect(try MonthFileCodec.decode(bytes, month: december) == [derived, given])
        #expect(String(decoding: MonthFileCodec.encode([given], month: december), as: UTF8.self).hasPrefix(#"{"schema":2,"#), "none: as before")
        let wire = WireFormat.encode([WireItem(derived)])
        #expect(!String(decoding: wire, as: UTF8.self).contains("memberFrom"))
        #expect(try WireFormat.decode(wire).first?.details.memberFrom == nil)
        let odd =
            #"{"schema":6,"month":"2024-12","items":[{"id":"a","date":"2024-12-01","name":"x","price":1,"category":0,"subcategory":null,"sync":"pending","added":"2024-12-01T00:00:00.000Z","member":"k","memberFrom":"guess"}]}"#
        #expect(throws: (any Error).self) { try MonthFileCodec.decode(Array(odd.utf8), month: december) }
    }

    /// A statement line's 利用者 (`user`) and a member from a member rule are kept in the month file, which is then
    /// schema 8 (an older kakeibo refuses it rather than dropping them); the wire format neither writes nor needs them.
    @Test func aStatementsUserIsKeptHereAndNeverSent() throws {
        var line = item("品", 100, "2024-12-03", id: "rc:1")
        line.details = ItemDetails(payment: "楽天カード", member: "sora")
        line.details.user = "家族"
        line.details.memberFrom = .rule
        var derived = item("品", 200, "2024-12-04", id: "rc:2")
        derived.details = ItemDetails(payment: "楽天カード", member: "mio")
        derived.details.user = "本人"
        derived.details.memberFrom = .account
        let bytes = MonthFileCodec.encode([line, derived], month: december)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(#"{"schema":8,"#) && text.contains(#""user":"家族""#), "\(text)")
        #expect(try MonthFileCodec.decode(bytes, month: december) == [line, derived])
        var ruleOnly = derived
        ruleOnly.details.user = nil
        ruleOnly.details.memberFrom = .rule
        #expect(String(decoding: MonthFileCodec.encode([ruleOnly], month: december), as: UTF8.self).hasPrefix(#"{"schema":8,"#))
        let wire = WireFormat.encode([WireItem(line)])
        #expect(!String(decoding: wire, as: UTF8.self).contains("家族"), "\(String(decoding: wire, as: UTF8.self))")
        #expect(try WireFormat.decode(wire).first?.details.user == nil)
    }

    @Test func refusesFilesThatAreWrongInAnyWay() {
        let cases: [(String, MonthFileProblem)] = [
            ("", .empty),
            (#"{"month":"2024-12","items":[]}"#, .schemaMissing),
            (#"{"schema":1,"month":"2024-11","items":[]}"#, .monthMismatch(found: "2024-11")),
            (#"{"schema":1,"month":"2024-12"}"#, .itemsMissing),
            (#"{"schema":1,"month":"2024-12","items":[],"extra":1}"#, .unknownField("extra")),
            ("[]", .notAnObject),
        ]
        for (text, problem) in cases {
            #expect(throws: problem, "\(text)") { try MonthFileCodec.decode(Array(text.utf8), month: december) }
        }
    }

    @Test func namesTheItemAndFieldThatIsWrong() {
        let base =
            #"{"id":"x","date":"2024-12-03","name":"a","price":1,"category":0,"subcategory":null,"sync":"pending","added":"2024-12-03T00:00:00.000Z"}"#
        let wrongPrice = base.replacingOccurrences(of: #""price":1"#, with: #""price":"1""#)
        do {
            _ = try MonthFileCodec.decode(
                Array(#"{"schema":1,"month":"2024-12","items":[\#(base.replacingOccurrences(of: "\"x\"", with: "\"y\"")),\#(wrongPrice)]}"#.utf8),
                month: december)
            Issue.record("expected an error")
        } catch {
            guard case .item(let problem) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(problem.index == 1)
            #expect(problem.id == "x")
            #expect(problem.field == "price")
        }
        let outside = base.replacingOccurrences(of: "2024-12-03\",\"name", with: "2024-11-30\",\"name")
        #expect(throws: MonthFileProblem.dateOutsideMonth(index: 0, id: "x", date: CalendarDate(year: 2024, month: 11, day: 30)!)) {
            try MonthFileCodec.decode(Array(#"{"schema":1,"month":"2024-12","items":[\#(outside)]}"#.utf8), month: december)
        }
        #expect(throws: MonthFileProblem.duplicateID("x")) {
            try MonthFileCodec.decode(Array(#"{"schema":1,"month":"2024-12","items":[\#(base),\#(base)]}"#.utf8), month: december)
        }
    }
}

@Suite struct WireFormatTests {
    @Test func acceptsEveryFormOfNoSubcategory() throws {
        let text = """
            [{"id":"1","date":"20241203","name":"a","price":178,"category":0,"categorySub":1},
             {"id":"2","date":"20241203","name":"b","price":1,"category":0,"categorySub":null},
             {"id":"3","date":"20241203","name":"c","price":1,"category":0},
             {"id":"4","date":"20241203","name":"d","price":1,"category":0,"categorySub":""},
             {"id":5,"date":"2024-12-03","name":"e","price":1,"category":1,"categorySub":2,"memo":"ignored"}]
            """
        let items = try WireFormat.decode(Array(text.utf8))
        #expect(items.map(\.category.subcategory) == [1, nil, nil, nil, 2])
        #expect(items.map(\.id) == ["1", "2", "3", "4", "5"])
        #expect(try WireFormat.decode(WireFormat.encode(items)) == items)
    }

    @Test func namesTheBadItemAndField() {
        let text = #"[{"id":"1","date":"20241203","name":"a","price":1,"category":0},{"id":"2","date":"20241332","name":"b","price":1,"category":0}]"#
        do {
            _ = try WireFormat.decode(Array(text.utf8))
            Issue.record("expected an error")
        } catch {
            guard case .item(let problem) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(problem.index == 1)
            #expect(problem.field == "date")
            #expect(problem.message(in: .en).contains("item [1]"))
        }
        #expect(throws: WireProblem.notAnArray) { try WireFormat.decode(Array(#"{"id":"1"}"#.utf8)) }
        #expect(throws: WireProblem.duplicateID(index: 1, firstIndex: 0, id: "1")) {
            try WireFormat.decode(
                Array(
                    #"[{"id":"1","date":"20241203","name":"a","price":1,"category":0},{"id":"1","date":"20241203","name":"a","price":1,"category":0}]"#
                        .utf8))
        }
        #expect(throws: WireProblem.self) {
            try WireFormat.decode(Array(#"[{"id":"1","date":"20241203","name":"a","price":12.5,"category":0}]"#.utf8))
        }
        #expect(throws: WireProblem.self) { try WireFormat.decode(Array(#"[{"id":"1","date":"20241203","name":"a","price":0,"category":0}]"#.utf8)) }
        #expect(throws: WireProblem.self) { try WireFormat.decode(Array(#"[{"id":"1","date":"20241203","name":"","price":5,"category":0}]"#.utf8)) }
        #expect(throws: WireProblem.self) { try WireFormat.decode(Array(#"[{"id":"1","date":"20241203","name":"a","price":5}]"#.utf8)) }
    }
}
