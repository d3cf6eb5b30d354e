import KakeiboValues

/// How a report is drawn for people: language, colour, and the width available.
public struct TextStyle: Sendable {
    public var language: Language
    /// ANSI colour and bold; only on a terminal, never with NO_COLOR.
    public var colour: Bool
    /// Terminal columns to fit ($COLUMNS, else 80).
    public var width: Int
    /// Mark items the household server doesn't have (only when the household syncs with one).
    public var syncMarks = false
    /// Whether that server is the shipped household server (it takes edits and deletes), not a plain app server.
    public var changeProtocol = false
    /// With a plain app server: the categories the app can show (`app-categories`). An item of another category is
    /// never pushed there, so it is marked as staying here, not as waiting for a push.
    public var app: AppCategories?

    /// Whether an item stays on this machine: the plain app server's app has no category for it.
    public func stays(_ item: Item) -> Bool {
        syncMarks && !changeProtocol && item.sync == .pending && item.counts && !(app?.shows(item.category) ?? true)
    }

    public init(language: Language, colour: Bool = false, width: Int = 80) {
        self.language = language
        self.colour = colour
        self.width = width
    }

    /// `text` in `ink`, when this style paints at all.
    func paint(_ text: String, _ ink: Ink?) -> String { ink?.paint(text, colour: colour) ?? text }

    func bold(_ text: String) -> String { paint(text, .heading) }
    func dim(_ text: String) -> String { paint(text, .dim) }
}

/// Columns of text aligned by display width (Japanese counts double), each column a value that says how it heads,
/// aligns, gives way on a narrow terminal and is inked. Every cell is made terminal-safe (see `terminalSafe`):
/// whatever data a table shows, it can't move the cursor.
struct TextTable {
    enum Align { case left, right }

    /// One column: its header, its alignment, how it gives way when the table is wider than the style's width, and
    /// the ink of its cells that name none.
    struct Column {
        /// Nil in a table without a header row (a table has one when any column has a header).
        var header: String?
        var align: Align
        /// Nil when never cut; else the column may be cut (with "…") to fit — names, labels, never amounts or ids —
        /// and, of the columns as wide, the one with the lower turn is cut first (column order breaks a tie).
        var shrinks: Int?
        /// Nil when always shown; else the column is left out while the table can't fit even with its columns cut,
        /// the lower turn first (column order breaks a tie): what a narrow terminal can do without.
        var drops: Int?
        var ink: Ink?

        static func left(_ header: String? = nil) -> Column { Column(header: header, align: .left) }
        static func right(_ header: String? = nil) -> Column { Column(header: header, align: .right) }

        /// This column, cut to fit at its `turn`.
        func shrinking(_ turn: Int = 0) -> Column { with { $0.shrinks = turn } }
        /// This column, left out to fit at its `turn`.
        func dropping(_ turn: Int = 0) -> Column { with { $0.drops = turn } }
        /// This column with its cells in `ink`.
        func inked(_ ink: Ink) -> Column { with { $0.ink = ink } }

        private func with(_ change: (inout Column) -> Void) -> Column {
            var column = self
            change(&column)
            return column
        }
    }

    struct Cell {
        var text: String
        var ink: Ink?
        /// Pieces drawn each in its own ink (a stacked bar); `text` is their concatenation.
        var parts: [(text: String, ink: Ink?)] = []

        init(_ text: String, _ ink: Ink? = nil) {
            self.text = terminalSafe(text)
            self.ink = ink
        }

        init(parts: [(text: String, ink: Ink?)]) {
            self.parts = parts.map { (terminalSafe($0.text), $0.ink) }
            self.text = self.parts.map(\.text).joined()
        }

        func painted(_ style: TextStyle, _ column: Column) -> String {
            parts.isEmpty ? style.paint(text, ink ?? column.ink) : parts.map { style.paint($0.text, $0.ink) }.joined()
        }
    }

    var columns: [Column]
    var rows: [[Cell]] = []

    init(_ columns: [Column]) { self.columns = columns }

    mutating func add(_ cells: [Cell]) { rows.append(cells) }
    mutating func add(_ texts: String...) { rows.append(texts.map { Cell($0) }) }

    /// The columns that may be cut, in the order they give way.
    private var shrinkOrder: [Int] { turns(\.shrinks) }
    /// The columns that may be left out, in the order they go.
    private var dropOrder: [Int] { turns(\.drops) }

    private func turns(_ turn: KeyPath<Column, Int?>) -> [Int] {
        columns.indices.compactMap { index in columns[index][keyPath: turn].map { (turn: $0, index: index) } }
            .sorted { ($0.turn, $0.index) < ($1.turn, $1.index) }.map(\.index)
    }

    private var header: [Cell]? {
        columns.contains { $0.header != nil } ? columns.map { Cell($0.header ?? "") } : nil
    }

    /// Each column's width: its widest cell or header, in display columns.
    func columnWidths() -> [Int] { columnWidths(cellWidths()) }

    /// Every cell's width, the header's first: measured once, as a month's items table has thousands of cells.
    private func cellWidths() -> [[Int]] { lines.map { $0.map { displayWidth($0.text) } } }

    private func columnWidths(_ cellWidths: [[Int]]) -> [Int] {
        var widths = [Int](repeating: 0, count: columns.count)
        for row in cellWidths {
            for (index, width) in row.enumerated() { widths[index] = max(widths[index], width) }
        }
        return widths
    }

    /// The column widths narrowed, widest column that shrinks first and none below 4, until the lines fit `width`.
    private func fit(_ widths: [Int], to width: Int) -> [Int] {
        var widths = widths
        var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - width
        let shrinkOrder = shrinkOrder
        while excess > 0, let widest = shrinkOrder.filter({ widths[$0] > 4 }).max(by: { widths[$0] < widths[$1] }) {
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }

    private var lines: [[Cell]] { (header.map { [$0] } ?? []) + rows }

    /// Whether fitting the style's width would cut a cell of `column` (so a caller can fold what it holds instead).
    func cuts(_ column: Int, _ style: TextStyle) -> Bool {
        let widths = columnWidths()
        return fit(widths, to: style.width)[column] < widths[column]
    }

    /// The table without one column: the others keep how they align, give way and are inked.
    private func without(_ column: Int) -> TextTable {
        var table = TextTable(columns.enumerated().filter { $0.offset != column }.map(\.element))
        table.rows = rows.map { cells in cells.enumerated().filter { $0.offset != column }.map(\.element) }
        return table
    }

    func render(_ style: TextStyle, indent: String = "") -> String {
        if let column = dropOrder.first {
            let fitted = fit(columnWidths(), to: style.width - displayWidth(indent))
            if fitted.reduce(0, +) + 2 * max(0, fitted.count - 1) > style.width - displayWidth(indent) {
                return without(column).render(style, indent: indent)
            }
        }
        var lines = lines
        var cellWidths = cellWidths()
        var widths = columnWidths(cellWidths)
        let fitted = fit(widths, to: style.width - displayWidth(indent))
        if fitted != widths {
            let shrinkOrder = shrinkOrder
            for (number, cells) in lines.enumerated() {
                for index in shrinkOrder where cellWidths[number][index] > fitted[index] {
                    let cell = cells[index]
                    lines[number][index] = Cell(truncate(cell.text, to: fitted[index]), cell.parts.first?.ink ?? cell.ink)
                    cellWidths[number][index] = displayWidth(lines[number][index].text)
                }
            }
            widths = fitted
        }
        let hasHeader = header != nil
        // Written as bytes: a month's items table is thousands of cells, and appending each to a String costs
        // several times more than copying its UTF-8.
        var out: [UInt8] = []
        out.reserveCapacity(lines.count * (widths.reduce(indent.utf8.count, +) + 2 * widths.count + 8))
        let space = UInt8(ascii: " ")
        for (number, cells) in lines.enumerated() {
            let isHeader = hasHeader && number == 0
            let start = out.count
            out.append(contentsOf: indent.utf8)
            for (index, cell) in cells.enumerated() {
                let align = columns[index].align
                let isLast = index == cells.count - 1
                let fill = isLast && align == .left ? 0 : max(0, widths[index] - cellWidths[number][index])
                let painted = isHeader ? style.dim(cell.text) : cell.painted(style, columns[index])
                if index > 0 { out.append(contentsOf: [space, space]) }
                if align == .right { out.append(contentsOf: repeatElement(space, count: fill)) }
                out.append(contentsOf: painted.utf8)
                if align == .left { out.append(contentsOf: repeatElement(space, count: fill)) }
            }
            while out.count > start, out.last == space { out.removeLast() }
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
