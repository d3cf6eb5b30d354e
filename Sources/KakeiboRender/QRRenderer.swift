import KakeiboValues

/// The household page's address for a phone (`kakeibo config qr`): the URL as text, then as a QR Code drawn with
/// half blocks, two rows of modules a line, inside the 4-module quiet zone.
package enum QRRenderer {
    /// The URL on its own line, a blank line, then the code.
    package static func phonePage(url: String, code: QRCode, style: TextStyle) -> String {
        url + "\n\n" + halfBlocks(code, colour: style.colour)
    }

    /// The code as text. The block's ink is a light module, so a light-on-dark terminal (the usual) shows dark
    /// modules dark; with `colour` each line sets bright white on black, so a dark-on-light terminal shows the same.
    package static func halfBlocks(_ code: QRCode, colour: Bool) -> String {
        let quiet = 4
        let span = columns(code)
        func light(_ row: Int, _ column: Int) -> Bool {
            let (r, c) = (row - quiet, column - quiet)
            guard (0..<code.size).contains(r) && (0..<code.size).contains(c) else { return true }
            return !code[r, c]
        }
        var out = ""
        for top in stride(from: 0, to: span, by: 2) {
            var line = ""
            for column in 0..<span {
                // The side is odd: the last line's lower half is quiet zone too (five modules there), so that with
                // colours on no strip of the black background shows under the code on a light terminal.
                let upper = light(top, column)
                let lower = top + 1 == span || light(top + 1, column)
                line += upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
            }
            out += Ink.qrCode.paint(line, colour: colour) + "\n"
        }
        return out
    }

    /// The columns the code takes: its side and the quiet zone either side.
    package static func columns(_ code: QRCode) -> Int { code.size + 8 }

    /// Said when the terminal is narrower than the code, whose lines would wrap and not scan.
    package static func tooWide(columns: Int, width: Int, _ language: Language) -> String {
        language.pick(
            "the code is \(columns) columns wide and the terminal \(width): widen the window (or use a smaller font) before scanning",
            "コードの幅は \(columns) 桁、端末は \(width) 桁です。読み取る前にウィンドウを広げてください（またはフォントを小さく）")
    }

    /// Said when no token is set: the link opens the page, which asks for it.
    package static func noToken(_ language: Language) -> String {
        language.pick(
            "no token is set here, so the link carries none: the page asks for the household token when it opens",
            "トークンが設定されていないため、リンクにトークンは入っていません。ページを開くとトークンを尋ねられます")
    }

    /// Said when kakeibo has not yet learned what the endpoint speaks (no sync with it yet).
    package static func serverUnknown(_ language: Language) -> String {
        language.pick(
            "kakeibo has not synced with this endpoint yet: the page is there only if it is the household server (server/Code.gs)",
            "このエンドポイントとはまだ同期していません。ページがあるのは家計簿サーバー（server/Code.gs）の場合だけです")
    }

    /// Why there is no page at the ExpenseLog app's server.
    package static func appServer(_ language: Language) -> String {
        language.pick(
            "the endpoint is the ExpenseLog app's server (a sync found it so), which serves no page: the phone page is served by the household server (server/Code.gs) only",
            "エンドポイントは ExpenseLog アプリのサーバーです（同期で判明）。ここにページはありません。スマートフォン用のページは家計簿サーバー（server/Code.gs）だけが提供します")
    }
}
