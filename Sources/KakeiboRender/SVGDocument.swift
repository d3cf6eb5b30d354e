import KakeiboValues

/// Builds a standalone SVG 1.1 document as text: attributes and text escaped for XML, numbers written with at most
/// two decimals, nothing random — the same report always gives the same bytes.
struct SVGDocument {
    /// Japanese fonts first, so names like 食費 render wherever one of them is installed.
    static let fonts =
        "'Noto Sans CJK JP', 'Noto Sans JP', 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic', Meiryo, "
        + "'IPAexGothic', 'IPAGothic', 'TakaoGothic', 'DejaVu Sans', sans-serif"

    private(set) var text = ""
    let width: Double
    let height: Double

    init(width: Double, height: Double, title: String) {
        self.width = width
        self.height = height
        text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        open(
            "svg",
            [
                ("xmlns", "http://www.w3.org/2000/svg"), ("version", "1.1"),
                ("width", SVGDocument.number(width)), ("height", SVGDocument.number(height)),
                ("viewBox", "0 0 \(SVGDocument.number(width)) \(SVGDocument.number(height))"),
                ("font-family", SVGDocument.fonts),
            ])
        element("title", [], text: title)
        element("rect", [("width", "100%"), ("height", "100%"), ("fill", "#FFFFFF")])
    }

    mutating func open(_ name: String, _ attributes: [(String, String)]) {
        text += "<" + name + SVGDocument.attributes(attributes) + ">\n"
    }

    mutating func close(_ name: String) { text += "</" + name + ">\n" }

    /// An element with text content, or an empty one (`<rect …/>`) when `text` is nil.
    mutating func element(_ name: String, _ attributes: [(String, String)], text content: String? = nil) {
        guard let content else {
            text += "<" + name + SVGDocument.attributes(attributes) + "/>\n"
            return
        }
        text += "<" + name + SVGDocument.attributes(attributes) + ">" + SVGDocument.escape(content) + "</" + name + ">\n"
    }

    /// Closes the document.
    mutating func finish() -> String {
        close("svg")
        return text
    }

    static func attributes(_ list: [(String, String)]) -> String {
        list.map { " " + $0.0 + "=\"" + escape($0.1) + "\"" }.joined()
    }

    /// Text as XML character data or a double-quoted attribute: markup characters and quotes as entities, and
    /// control characters (which XML 1.0 forbids even as references) shown as escapes, as the terminal shows them.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in escapingScalars(text, where: ItemName.isControl).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// "12.5", "-3", "0.07": at most two decimals, never an exponent or "-0".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((value * 100).rounded())
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        let sign = hundredths < 0 ? "-" : ""
        if fraction == 0 { return sign + String(whole) }
        if fraction % 10 == 0 { return sign + "\(whole).\(fraction / 10)" }
        return sign + "\(whole).\(pad2(fraction))"
    }

    /// About how wide a text is drawn at `size` pixels: a display column (half an ideograph) is about 0.6 em.
    static func textWidth(_ text: String, size: Double) -> Double { Double(displayWidth(text)) * size * 0.6 }

    /// The largest font size, at most `size` (in half pixels), at which `text` is drawn within `width` by `textWidth`.
    static func size(_ text: String, fitting width: Double, atMost size: Double) -> Double {
        let needed = textWidth(text, size: size)
        guard needed > width else { return size }
        return (size * width / needed * 2).rounded(.down) / 2
    }

    /// The chart's heading (bold) and the line of figures under it, each made smaller where it would run past the
    /// right edge (an English month's balance and savings did).
    mutating func heading(_ heading: String, summary: String?) {
        let room = width - 48
        element(
            "text",
            [
                ("x", "24"), ("y", "40"), ("font-size", SVGDocument.number(SVGDocument.size(heading, fitting: room, atMost: 20))),
                ("font-weight", "bold"), ("fill", SVGRenderer.ink),
            ], text: heading)
        guard let summary else { return }
        element(
            "text",
            [
                ("x", "24"), ("y", "64"), ("font-size", SVGDocument.number(SVGDocument.size(summary, fitting: room, atMost: 13))),
                ("fill", SVGRenderer.faint),
            ], text: summary)
    }
}
