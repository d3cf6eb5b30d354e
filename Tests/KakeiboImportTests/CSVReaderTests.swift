import Testing

@testable import KakeiboImport

@Suite struct CSVReaderTests {
    func fields(_ text: String) throws -> [[String]] { try CSVReader.records(text).map(\.fields) }

    @Test func splitsPlainRecordsOnCommasAndAnyLineEnd() throws {
        #expect(try fields("a,b,c\r\n1,2,3\r\n") == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(try fields("a,b\n1,2\n") == [["a", "b"], ["1", "2"]])
        #expect(try fields("a,b\r1,2") == [["a", "b"], ["1", "2"]])
        #expect(try fields("a,b\n1,2") == [["a", "b"], ["1", "2"]], "the last record needs no line end")
        #expect(try fields("") == [])
    }

    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "name,memo\r\n\"食パン, 6枚切り\",\"朝食用,\r\n週末分\"\r\n\"say \"\"hi\"\"\",\"\"\r\n"
        #expect(try fields(text) == [["name", "memo"], ["食パン, 6枚切り", "朝食用,\r\n週末分"], ["say \"hi\"", ""]])
        #expect(try fields("\"a\nb\"") == [["a\nb"]])
        #expect(try fields("\"\"\"\"") == [["\""]])
    }

    @Test func emptyFieldsAreKeptEvenAtTheEnd() throws {
        #expect(try fields(",a,,b,\n") == [["", "a", "", "b", ""]])
        #expect(try fields("a,b,") == [["a", "b", ""]])
        #expect(try fields("\"\",\"\"\n") == [["", ""]])
    }

    @Test func aQuoteInsideAnUnquotedFieldIsKeptAsItIs() throws {
        #expect(try fields("5\" floppy,x\n") == [["5\" floppy", "x"]])
    }

    @Test func blankLinesAreSkippedButCountAsRows() throws {
        let records = try CSVReader.records("h1,h2\n\n1,2\r\n\r\n3,4\n\n")
        #expect(records.map(\.fields) == [["h1", "h2"], ["1", "2"], ["3", "4"]])
        #expect(records.map(\.row) == [1, 3, 5])
    }

    @Test func rowsAndLinesPartOnceAFieldHoldsALineBreak() throws {
        let records = try CSVReader.records("h\n\"a\nb\nc\"\nd\n")
        #expect(records.map(\.row) == [1, 2, 3])
        #expect(records.map(\.line) == [1, 2, 5])
    }

    @Test func refusesAnUnclosedQuoteNamingWhereItOpened() {
        #expect(throws: CSVProblem.unclosedQuote(row: 2, line: 2)) { try CSVReader.records("a,b\n1,\"open\n2,3\n") }
        #expect(throws: CSVProblem.unclosedQuote(row: 1, line: 1)) { try CSVReader.records("\"") }
    }

    @Test func refusesTextAfterAClosingQuote() {
        #expect(throws: CSVProblem.textAfterQuote(row: 3, line: 3)) { try CSVReader.records("a\nb\n\"x\"y\n") }
    }

    @Test func problemsSayWhereInBothLanguages() {
        let problem = CSVProblem.unclosedQuote(row: 4, line: 6)
        #expect(problem.message(in: .en) == "row 4 (line 6): a quoted field is never closed")
        #expect(problem.message(in: .ja).hasPrefix("4 行目（ファイルの 6 行目）"))
        #expect(CSVProblem.textAfterQuote(row: 2, line: 2).message(in: .en) == "row 2: text after a field's closing quote")
    }
}

@Suite struct CSVRecordLimitTests {
    @Test func aLineOrARecordPastTheLimitIsRefused() throws {
        let long = String(repeating: "x", count: CSVReader.maximumRecordBytes + 1)
        #expect(throws: CSVProblem.recordTooLong(row: 2, line: 2)) { try CSVReader.checkLines(Array("a,b\r\n\(long)\r\n".utf8)) }
        #expect(throws: Never.self) { try CSVReader.checkLines(Array("a,b\r\n\(long.dropFirst())\r\n".utf8)) }
        // A quoted field over several lines, each short, is one record: refused as a whole.
        let lines = Array(repeating: String(repeating: "y", count: 1000), count: 1100).joined(separator: "\n")
        #expect(throws: CSVProblem.recordTooLong(row: 2, line: 2)) { try CSVReader.records("h\n\"\(lines)\"\n") }
    }
}
