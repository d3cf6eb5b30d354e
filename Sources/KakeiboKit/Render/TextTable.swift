/// How a report is drawn for people: language, colour, and the width available.
public struct TextStyle: Sendable {
    public var language: Language
    /// ANSI colour and bold; only on a terminal, never with NO_COLOR.
    public var colour: Bool
    /// Terminal columns to fit ($COLUMNS, else 80).
    public var width: Int

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

        init(_ text: String, _ sgr: String? = nil) {
            self.text = text
            self.sgr = sgr
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

    func render(_ style: TextStyle, indent: String = "") -> String {
        var widths = [Int](repeating: 0, count: aligns.count)
        for row in ([header.map { $0.map { Cell($0) } }].compactMap { $0 } + rows) {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], displayWidth(cell.text)) }
        }
        var out = ""
        func line(_ cells: [Cell], isHeader: Bool) {
            var parts: [String] = []
            for (index, cell) in cells.enumerated() {
                let isLast = index == cells.count - 1
                let padded = isLast && aligns[index] == .left ? cell.text : pad(cell.text, to: widths[index], alignRight: aligns[index] == .right)
                parts.append(isHeader ? style.dim(padded) : style.paint(padded, cell.sgr))
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

/// A horizontal bar for a share (0…1) of `width` columns, drawn with eighth blocks.
func bar(_ share: Double, width: Int) -> String {
    let eighths = Int((max(0, min(1, share)) * Double(width * 8)).rounded())
    let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var text = String(repeating: "█", count: eighths / 8) + partials[eighths % 8]
    if text.isEmpty && share > 0 { text = "▏" }
    return text
}

/// ANSI colours for the slices, cycled in display order; "none" is grey.
func sliceColour(_ index: Int, isNone: Bool) -> String {
    if isNone { return "90" }
    let palette = ["33", "34", "32", "35", "36", "31", "93", "94"]
    return palette[index % palette.count]
}
