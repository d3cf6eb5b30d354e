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

    func paint(_ text: String, _ sgr: String?) -> String {
        guard colour, let sgr, !text.isEmpty else { return text }
        return "\u{1B}[\(sgr)m\(text)\u{1B}[0m"
    }

    func bold(_ text: String) -> String { paint(text, "1") }
    func dim(_ text: String) -> String { paint(text, "2") }
}

/// Columns of text aligned by display width (Japanese counts double), with optional colour per cell.
/// Every cell is made terminal-safe (see `terminalSafe`): whatever data a table shows, it can't move the cursor.
struct TextTable {
    enum Align { case left, right }

    struct Cell {
        var text: String
        var sgr: String?
        /// Pieces drawn each in its own colour (a stacked bar); `text` is their concatenation.
        var parts: [(text: String, sgr: String?)] = []

        init(_ text: String, _ sgr: String? = nil) {
            self.text = terminalSafe(text)
            self.sgr = sgr
        }

        init(parts: [(text: String, sgr: String?)]) {
            self.parts = parts.map { (terminalSafe($0.text), $0.sgr) }
            self.text = self.parts.map(\.text).joined()
        }

        func painted(_ style: TextStyle) -> String {
            parts.isEmpty ? style.paint(text, sgr) : parts.map { style.paint($0.text, $0.sgr) }.joined()
        }
    }

    var aligns: [Align]
    var header: [String]?
    var rows: [[Cell]] = []
    /// Columns that may be cut (with "…") so the table fits the style's width: names, labels — never amounts or ids.
    var shrinkable: [Int] = []
    /// Columns left out, in this order, while the table can't fit the width even with its shrinkable columns cut:
    /// what a narrow terminal can do without (a month's neighbours, a timestamp beside a date).
    var droppable: [Int] = []

    init(_ aligns: [Align], header: [String]? = nil) {
        self.aligns = aligns
        self.header = header
    }

    mutating func add(_ cells: [Cell]) { rows.append(cells) }
    mutating func add(_ texts: String...) { rows.append(texts.map { Cell($0) }) }

    /// Each column's width: its widest cell or header, in display columns.
    func columnWidths() -> [Int] { columnWidths(cellWidths()) }

    /// Every cell's width, the header's first: measured once, as a month's items table has thousands of cells.
    private func cellWidths() -> [[Int]] { lines.map { $0.map { displayWidth($0.text) } } }

    private func columnWidths(_ cellWidths: [[Int]]) -> [Int] {
        var widths = [Int](repeating: 0, count: aligns.count)
        for row in cellWidths {
            for (index, width) in row.enumerated() { widths[index] = max(widths[index], width) }
        }
        return widths
    }

    /// The column widths narrowed, widest shrinkable column first and none below 4, until the lines fit `width`.
    private func fit(_ widths: [Int], to width: Int) -> [Int] {
        var widths = widths
        var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - width
        while excess > 0, let widest = shrinkable.filter({ widths[$0] > 4 }).max(by: { widths[$0] < widths[$1] }) {
            widths[widest] -= 1
            excess -= 1
        }
        return widths
    }

    private var lines: [[Cell]] { (header.map { [$0.map { Cell($0) }] } ?? []) + rows }

    /// Whether fitting the style's width would cut a cell of `column` (so a caller can fold what it holds instead).
    func cuts(_ column: Int, _ style: TextStyle) -> Bool {
        let widths = columnWidths()
        return fit(widths, to: style.width)[column] < widths[column]
    }

    /// The table without one column: the other columns keep their alignment, shrinking and dropping.
    private func without(_ column: Int) -> TextTable {
        func renumbered(_ columns: [Int]) -> [Int] { columns.filter { $0 != column }.map { $0 > column ? $0 - 1 : $0 } }
        var table = TextTable(aligns.enumerated().filter { $0.offset != column }.map(\.element), header: header)
        table.header?.remove(at: column)
        table.rows = rows.map { cells in cells.enumerated().filter { $0.offset != column }.map(\.element) }
        table.shrinkable = renumbered(shrinkable)
        table.droppable = renumbered(droppable)
        return table
    }

    func render(_ style: TextStyle, indent: String = "") -> String {
        if let column = droppable.first {
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
            for (number, cells) in lines.enumerated() {
                for index in shrinkable where cellWidths[number][index] > fitted[index] {
                    let cell = cells[index]
                    lines[number][index] = Cell(truncate(cell.text, to: fitted[index]), cell.parts.first?.sgr ?? cell.sgr)
                    cellWidths[number][index] = displayWidth(lines[number][index].text)
                }
            }
            widths = fitted
        }
        // Written as bytes: a month's items table is thousands of cells, and appending each to a String costs
        // several times more than copying its UTF-8.
        var out: [UInt8] = []
        out.reserveCapacity(lines.count * (widths.reduce(indent.utf8.count, +) + 2 * widths.count + 8))
        let space = UInt8(ascii: " ")
        for (number, cells) in lines.enumerated() {
            let isHeader = header != nil && number == 0
            let start = out.count
            out.append(contentsOf: indent.utf8)
            for (index, cell) in cells.enumerated() {
                let isLast = index == cells.count - 1
                let fill = isLast && aligns[index] == .left ? 0 : max(0, widths[index] - cellWidths[number][index])
                let painted = isHeader ? style.dim(cell.text) : cell.painted(style)
                if index > 0 { out.append(contentsOf: [space, space]) }
                if aligns[index] == .right { out.append(contentsOf: repeatElement(space, count: fill)) }
                out.append(contentsOf: painted.utf8)
                if aligns[index] == .left { out.append(contentsOf: repeatElement(space, count: fill)) }
            }
            while out.count > start, out.last == space { out.removeLast() }
            out.append(UInt8(ascii: "\n"))
        }
        return String(decoding: out, as: UTF8.self)
    }
}
