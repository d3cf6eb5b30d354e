import KakeiboKit

/// A progress bar for long work (a large import, a year's pull), drawn on stderr only when stderr is a terminal;
/// otherwise it prints nothing, so logs and pipes stay clean.
package final class Progress {
    private let total: Int
    private let label: String
    private let enabled: Bool
    private let width: Int
    private var done = 0
    private var lastDrawn = -1

    /// - Parameters:
    ///   - total: units of work (items, months); the bar is drawn when stderr is a terminal and total > 0.
    ///   - label: a few words before the bar ("Importing", "取り込み中").
    package init(total: Int, label: String, terminal: Terminal) {
        self.total = total
        self.label = label
        self.enabled = terminal.stderrIsTerminal && total > 0
        self.width = max(10, min(40, terminal.width - displayWidth(label) - 20))
    }

    package func advance(by units: Int = 1) {
        done = min(total, done + units)
        draw()
    }

    /// Clears the bar's line, leaving the terminal as it was.
    package func finish() {
        guard enabled, lastDrawn >= 0 else { return }
        Terminal.write("\r\u{1B}[2K", to: 2)
        lastDrawn = -1
    }

    private func draw() {
        guard enabled else { return }
        let percent = done * 100 / total
        guard percent != lastDrawn else { return } // redraw at most 101 times
        lastDrawn = percent
        let filled = done * width / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        Terminal.write("\r\(label) \(bar) \(percent)% (\(done)/\(total))", to: 2)
    }
}
