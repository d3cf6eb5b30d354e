/// How a report is drawn for people: language, colour, and the width available.
public struct TextStyle: Sendable {
    public var language: Language
    /// ANSI colour and bold; only on a terminal, never with NO_COLOR.
    public var colour: Bool
    /// Terminal columns to fit ($COLUMNS, else 80).
    public var width: Int
    /// Mark items the household server doesn't have (only when the household syncs with one).
    public var syncMarks = false

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
struct TextTable {
    enum Align { case left, right }

    struct Cell {
        var text: String
        var sgr: String?
        /// Pieces drawn each in its own colour (a stacked bar); `text` is their concatenation.
        var parts: [(text: String, sgr: String?)] = []

        init(_ text: String, _ sgr: String? = nil) {
            self.text = text
            self.sgr = sgr
        }

        init(parts: [(text: String, sgr: String?)]) {
            self.text = parts.map(\.text).joined()
            self.parts = parts
        }

        func painted(_ style: TextStyle) -> String {
            parts.isEmpty ? style.paint(text, sgr) : parts.map { style.paint($0.text, $0.sgr) }.joined()
        }
    }

    var aligns: [Align]
    var header: [String]?
    var rows: [[Cell]] = []

    init(_ aligns: [Align], header: [String]? = nil) {
        self.aligns = aligns
        self.header = header
    }

    mutating func add(_ cells: [Cell]) { rows.append(cells) }
    mutating func add(_ texts: String...) { rows.append(texts.map { Cell($0) }) }

    /// Each column's width: its widest cell or header, in display columns.
    func columnWidths() -> [Int] {
        var widths = [Int](repeating: 0, count: aligns.count)
        for row in ([header.map { $0.map { Cell($0) } }].compactMap { $0 } + rows) {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], displayWidth(cell.text)) }
        }
        return widths
    }

    func render(_ style: TextStyle, indent: String = "") -> String {
        let widths = columnWidths()
        var out = ""
        func line(_ cells: [Cell], isHeader: Bool) {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let isLast = index == cells.count - 1
                let fill = isLast && aligns[index] == .left ? "" : String(repeating: " ", count: max(0, widths[index] - displayWidth(cell.text)))
                let text = isHeader ? style.dim(cell.text) : cell.painted(style)
                parts.append(aligns[index] == .right ? fill + text : text + fill)
            }
            var text = indent + parts.joined(separator: "  ")
            while text.hasSuffix(" ") { text.removeLast() }
            out += text + "\n"
        }
        if let header { line(header.map { Cell($0) }, isHeader: true) }
        for row in rows { line(row, isHeader: false) }
        return out
    }
}
