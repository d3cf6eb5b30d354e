/// What terminal text is drawn in, by what it means; the one place that knows the escape codes behind each.
/// Whether anything is painted at all is `TextStyle.colour`'s: only on a terminal, never with NO_COLOR.
enum Ink: Equatable, Sendable {
    /// A title, a group's name: bold.
    case heading
    /// One entry singled out from its neighbours (the backup `undo` takes next): bold.
    case emphasis
    /// What matters less: a table's header, a timestamp, a reason, a missing value.
    case dim
    /// Money going the wrong way: a refund, a budget over, a rise, an error.
    case negative
    /// Money going the right way: a discount, a budget's used part, a fall.
    case positive
    /// Something to look at twice: a warning, a doubtful reading.
    case warning
    /// A series over time: the trend's sparkline and line chart.
    case series
    /// A QR Code's line: bright white on black, so the code scans on a light terminal too.
    case qrCode
    /// A chart slice's colour (`ChartPalette`).
    case colour(Colour)

    /// The terminal colours of the chart palette, named as their SVG colours are.
    enum Colour: Equatable, Sendable {
        case orange, blue, green, red, purple, teal, yellow, pink, brown, lightTeal, lightBlue, lightGreen
        case olive, magenta, indigo, lavender, darkTeal, lightOrange, salmon, warmGrey, grey
    }

    /// The ANSI SGR parameters: the 16 colours where one is near, the 256-colour cube for the rest.
    private var parameters: String {
        switch self {
        case .heading, .emphasis: "1"
        case .dim: "2"
        case .negative: Colour.red.parameters
        case .positive: Colour.green.parameters
        case .warning: Colour.orange.parameters
        case .series: Colour.teal.parameters
        case .qrCode: "97;40"
        case .colour(let colour): colour.parameters
        }
    }

    /// `text` between this ink's escape and the reset; the text alone without `colour`, or when it is empty.
    func paint(_ text: String, colour: Bool) -> String {
        guard colour, !text.isEmpty else { return text }
        return "\u{1B}[\(parameters)m\(text)\u{1B}[0m"
    }
}

extension Ink.Colour {
    fileprivate var parameters: String {
        switch self {
        case .orange: "33"
        case .blue: "34"
        case .green: "32"
        case .red: "31"
        case .purple: "35"
        case .teal: "36"
        case .yellow: "93"
        case .pink: "95"
        case .brown: "91"
        case .lightTeal: "96"
        case .lightBlue: "94"
        case .lightGreen: "92"
        case .olive: "38;5;142"
        case .magenta: "38;5;168"
        case .indigo: "38;5;61"
        case .lavender: "38;5;182"
        case .darkTeal: "38;5;66"
        case .lightOrange: "38;5;216"
        case .salmon: "38;5;210"
        case .warmGrey: "38;5;243"
        case .grey: "90"
        }
    }
}
