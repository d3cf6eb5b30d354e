import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboOperations

/// One item reader for month files and the wire format: the same fields read the same way, the wire format's
/// leniencies and the month file's strictness as its parameters.
@Suite struct ItemReaderTests {
    let december = YearMonth(year: 2024, month: 12)!
    let stored = #""sync":"synced","added":"2024-12-03T09:00:00.000Z""#
    let pending = #""sync":"pending","added":"2024-12-03T09:00:00.000Z""#

    func month(_ fields: String) -> Result<[Item], MonthFileProblem> {
        Result { () throws(MonthFileProblem) in
            try MonthFileCodec.decode(Array(#"{"schema":1,"month":"2024-12","items":[{\#(fields)}]}"#.utf8), month: december)
        }
    }

    func wire(_ fields: String) -> Result<[WireItem], WireProblem> {
        Result { () throws(WireProblem) in try WireFormat.decode(Array("[{\(fields)}]".utf8)) }
    }

    func itemProblem<T>(_ result: Result<T, MonthFileProblem>) -> ItemProblem? {
        if case .failure(.item(let problem)) = result { return problem }
        return nil
    }

    func itemProblem<T>(_ result: Result<T, WireProblem>) -> ItemProblem? {
        if case .failure(.item(let problem)) = result { return problem }
        return nil
    }

    @Test func theSameFieldsReadTheSameInBoth() throws {
        let common = #""id":"a1","date":"2024-12-03","name":"牛乳","price":198,"category":0"#
        let item = try month(common + #","subcategory":1,"# + stored).get()[0]
        let wired = try wire(common + #","categorySub":1"#).get()[0]
        #expect(WireItem(item) == wired)
        #expect(item.sync == .synced && item.added.iso == "2024-12-03T09:00:00.000Z")
    }

    @Test func aBadValueIsTheSameProblemInBoth() throws {
        let cases = [
            (#""price":0"#, "price"), (#""price":"198""#, "price"), (#""name":"""#, "name"), (#""category":null"#, "category"),
            (#""date":"2024-13-01""#, "date"), (#""id":"""#, "id"),
        ]
        for (bad, field) in cases {
            let base = [#""id":"a1""#, #""date":"2024-12-03""#, #""name":"牛乳""#, #""price":198"#, #""category":0"#]
            let fields = base.map { $0.hasPrefix("\"\(field)\"") ? bad : $0 }.joined(separator: ",")
            // An item made here keeps the input rules (a synced one is kept as the server has it: below).
            let inMonth = itemProblem(month(fields + #","subcategory":null,"# + pending))
            let onWire = itemProblem(wire(fields))
            #expect(inMonth != nil && inMonth?.field == field, "\(bad)")
            #expect(inMonth == onWire, "\(bad)")
        }
        // The server's own rows break only kakeibo's input rules: kept in a month file as the server has them.
        let serverRow = #""id":"s1","date":"2024-12-03","name":"","price":0,"category":0,"subcategory":null,"# + stored
        #expect(try month(serverRow).get().first?.price == Yen(0))
        let control = serverRow.replacing(#""name":"""#, with: #""name":"a\u0007""#)
        #expect(itemProblem(month(control))?.field == "name")
        // Given twice, or not an object: refused by both.
        #expect(itemProblem(wire(#""id":"a","id":"b""#))?.problem == .duplicateField)
        #expect(itemProblem(month(#""id":"a","id":"b""#))?.problem == .duplicateField)
        #expect(itemProblem(wire(""))?.field == "id")
        #expect(itemProblem(month(""))?.field == "id")
    }

    @Test func theWireFormatBendsWhereASpreadsheetWouldAndMonthFilesDont() throws {
        let base = #""date":"2024-12-03","name":"牛乳","price":198,"category":0"#
        // A numeric id.
        #expect(try wire(#""id":42,"# + base).get()[0].id == "42")
        #expect(itemProblem(month(#""id":42,"# + base + #","subcategory":null,"# + stored))?.problem == .wrongType(expected: .string))
        // A compact date.
        #expect(try wire(#""id":"a","date":"20241203","name":"牛乳","price":198,"category":0"#).get()[0].date.iso == "2024-12-03")
        let compact = #""id":"a","date":"20241203","name":"牛乳","price":198,"category":0,"subcategory":null,"# + stored
        #expect(itemProblem(month(compact))?.field == "date")
        // No subcategory: "" or left out on the wire; a month file must say null.
        #expect(try wire(#""id":"a","# + base + #","categorySub":"""#).get()[0].category == CategoryCode(0, nil))
        #expect(try wire(#""id":"a","# + base).get()[0].category == CategoryCode(0, nil))
        #expect(itemProblem(month(#""id":"a","# + base + "," + stored)) == ItemProblem(index: 0, id: "a", field: "subcategory", problem: .missing))
        #expect(itemProblem(month(#""id":"a","# + base + #","subcategory":"","# + stored))?.problem == .wrongType(expected: .wholeNumberOrNull))
        // A field the format doesn't have: skipped on the wire, refused in a month file.
        #expect(try wire(#""id":"a","# + base + #","memo":"x","subcategory":3,"sync":"?""#).get()[0].category == CategoryCode(0, nil))
        let unknown = itemProblem(month(#""id":"a","# + base + #","subcategory":null,"categorySub":1,"# + stored))
        #expect(unknown == ItemProblem(index: 0, id: "a", field: "categorySub", problem: .unknownField))
        // What only this store records is required in a month file.
        #expect(itemProblem(month(#""id":"a","# + base + #","subcategory":null,"added":"2024-12-03T09:00:00.000Z""#))?.field == "sync")
    }

    @Test func brokenJSONBetweenFieldsIsTheWholeBodysProblemOnTheWireAndTheItemsInAMonthFile() {
        var onWire: JSONError?
        if case .failure(.syntax(let error)) = wire(#""id":"a","#) { onWire = error }
        #expect(onWire != nil)
        var inMonth: ItemProblem?
        if case .failure(.item(let problem)) = month(#""id":"a","#), case .syntax = problem.problem { inMonth = problem }
        #expect(inMonth?.id == "a" && inMonth?.field == "id")
        // Broken where a value should be: the field's problem in both.
        #expect(itemProblem(wire(#""id":"a","name":"#))?.field == "name")
        #expect(itemProblem(month(#""id":"a","name":"#))?.field == "name")
    }
}
