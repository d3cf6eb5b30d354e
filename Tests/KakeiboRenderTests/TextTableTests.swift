import KakeiboValues
import Testing

@testable import KakeiboRender

/// A text table's columns as values: which is cut and which is left out on a narrow terminal goes by each column's
/// turn (column order breaking a tie), and a column's ink paints its cells that name none — only with colour.
@Suite struct TextTableTests {
    func table(_ columns: [TextTable.Column], _ rows: [String]...) -> TextTable {
        var table = TextTable(columns)
        for row in rows { table.add(row.map { TextTable.Cell($0) }) }
        return table
    }

    @Test func ofTwoColumnsAsWideTheLowerTurnIsCutFirst() {
        let style = TextStyle(language: .en, width: 21)
        let turns = table([.left("a").shrinking(1), .left("b").shrinking(0)], ["aaaaaaaaaa", "bbbbbbbbbb"])
        #expect(turns.render(style) == "a           b\naaaaaaaaaa  bbbbbbbb…\n")
        // The same turn: the first column gives way.
        let tie = table([.left("a").shrinking(), .left("b").shrinking()], ["aaaaaaaaaa", "bbbbbbbbbb"])
        #expect(tie.render(style) == "a          b\naaaaaaaa…  bbbbbbbbbb\n")
        // A column that doesn't shrink is never cut, even when the table can't fit.
        let fixed = table([.left("a"), .left("b")], ["aaaaaaaaaa", "bbbbbbbbbb"])
        #expect(fixed.render(style) == "a           b\naaaaaaaaaa  bbbbbbbbbb\n")
        #expect(turns.cuts(1, style) && !turns.cuts(0, style) && !fixed.cuts(1, style))
    }

    @Test func columnsAreLeftOutInTheirTurnUntilTheTableFits() {
        let columns: [TextTable.Column] = [.left("x"), .left("y").dropping(1), .left("z").dropping(0)]
        let rows = table(columns, ["xxxx", "yyyy", "zzzz"])
        #expect(rows.render(TextStyle(language: .en, width: 16)) == "x     y     z\nxxxx  yyyy  zzzz\n")
        #expect(rows.render(TextStyle(language: .en, width: 15)) == "x     y\nxxxx  yyyy\n")
        #expect(rows.render(TextStyle(language: .en, width: 9)) == "x\nxxxx\n")
    }

    @Test func aColumnsInkPaintsItsCellsUnlessACellNamesItsOwn() {
        var ids = TextTable([.left("n"), .right("id").inked(.dim)])
        ids.add([.init("a"), .init("b")])
        ids.add([.init("c"), .init("d", .negative)])
        #expect(ids.render(TextStyle(language: .en, width: 80)) == "n  id\na   b\nc   d\n")
        let coloured = ids.render(TextStyle(language: .en, colour: true, width: 80))
        #expect(coloured == "\u{1B}[2mn\u{1B}[0m  \u{1B}[2mid\u{1B}[0m\na   \u{1B}[2mb\u{1B}[0m\nc   \u{1B}[31md\u{1B}[0m\n")
    }

    @Test func anInkIsItsEscapeCodeOnlyWithColourAndNeverOnEmptyText() {
        #expect(Ink.colour(.olive).paint("x", colour: true) == "\u{1B}[38;5;142mx\u{1B}[0m")
        #expect(Ink.negative.paint("-¥500", colour: true) == "\u{1B}[31m-¥500\u{1B}[0m")
        #expect(Ink.qrCode.paint("▀", colour: true) == "\u{1B}[97;40m▀\u{1B}[0m")
        #expect(Ink.heading.paint("x", colour: false) == "x")
        #expect(Ink.dim.paint("", colour: true) == "")
    }
}
