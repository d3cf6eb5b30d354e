import Foundation
import KakeiboKit
import Testing

@testable import KakeiboCLI

/// `kakeibo config qr`, in-process: the household page's link with the token in its fragment, as text and as a QR
/// Code whose half blocks read back as the link's own symbol; refused without an endpoint and at the app's server.
@Suite struct ConfigQRTests {
    static let endpoint = "https://script.google.com/macros/s/AKfycbx-DEPLOYMENT/exec"
    static let token = "3f9a1c0e5b7d42a8b6e1f0c9d2a7b4e85c1d0f3a9b2e7c6d4a1f8e0b3c5d7a9e"
    static let now = "2024-12-15T09:00:00Z"

    /// A store and a configuration directory of their own.
    final class Home: @unchecked Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-qr-\(UUID().uuidString)").path

        init(config: String?) throws {
            try FileManager.default.createDirectory(atPath: root + "/config/kakeibo", withIntermediateDirectories: true)
            if let config { try config.write(toFile: root + "/config/kakeibo/config.json", atomically: true, encoding: .utf8) }
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func run(_ arguments: [String], terminal: Bool = false, _ environment: [String: String] = [:]) -> Kakeibo.Outcome {
            let base = [
                "KAKEIBO_HOME": root + "/store", "HOME": root, "XDG_CONFIG_HOME": root + "/config", "KAKEIBO_NOW": ConfigQRTests.now,
                "TZ": "UTC", "LANG": "C.UTF-8",
            ]
            return Kakeibo.run(
                arguments,
                terminal: Terminal(
                    environment: Environment(base.merging(environment) { $1 }), stdoutIsTerminal: terminal, stderrIsTerminal: false))
        }

        /// What a sync would have learned of the endpoint: the change protocol, or the app's plain one.
        func remember(speaksChanges: Bool) throws {
            #expect(run(["add", "牛乳", "198", "--date", "2024-12-03"]).status == 0)
            let at = Timestamp(milliseconds: 1_734_253_200_000) // ConfigQRTests.now
            let household = Household(store: LedgerStore(root: root + "/store"), now: at)
            let key = try Endpoint.parse(ConfigQRTests.endpoint).stateKey
            if speaksChanges {
                try household.rememberServer(key, household: "h1")
            } else {
                try household.rememberPlainEndpoint(key)
            }
        }
    }

    static func config(token: Bool) -> String {
        "{\"endpoint\": \"\(endpoint)\"" + (token ? ", \"token\": \"\(self.token)\"" : "") + "}\n"
    }

    /// The half blocks read back as modules (true: dark), the quiet zone included, `light` the block's ink.
    static func modules(_ lines: [Substring]) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in lines {
            let cells = Array(line.replacingOccurrences(of: "\u{1B}[97;40m", with: "").replacingOccurrences(of: "\u{1B}[0m", with: ""))
            rows.append(cells.map { $0 != "█" && $0 != "▀" })
            rows.append(cells.map { $0 != "█" && $0 != "▄" })
        }
        return rows
    }

    /// The symbol of `url` with its 4-module quiet zone, as rows of dark modules, to compare with `modules`.
    static func expected(_ url: String) throws -> [[Bool]] {
        let code = try QRCode(url)
        let span = code.size + 8
        return (0..<(span + 1)).map { row in
            (0..<span).map { column in
                guard row < span else { return false } // the last line's lower half: a fifth module of quiet zone
                let (r, c) = (row - 4, column - 4)
                return (0..<code.size).contains(r) && (0..<code.size).contains(c) && code[r, c]
            }
        }
    }

    @Test func theLinkCarriesTheTokenInItsFragmentAndItsCodeIsThatLinksSymbol() throws {
        let home = try Home(config: ConfigQRTests.config(token: true))
        let outcome = home.run(["config", "qr"])
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let url = ConfigQRTests.endpoint + "#token=" + ConfigQRTests.token
        #expect(lines[0] == url)
        #expect(lines[1] == "")
        #expect(lines.last == "")
        let drawn = lines.dropFirst(2).dropLast()
        #expect(ConfigQRTests.modules(Array(drawn)) == (try ConfigQRTests.expected(url)))
        #expect(!outcome.stdout.contains("\u{1B}"), "no escapes when stdout is not a terminal")
        // Nothing tells yet whether the endpoint is the household server.
        #expect(outcome.stderr == "kakeibo: " + QRRenderer.serverUnknown(.en) + "\n")
    }

    @Test func onATerminalEachLineIsBrightWhiteOnBlackSoItScansOnLightAndDarkThemes() throws {
        let home = try Home(config: ConfigQRTests.config(token: true))
        try home.remember(speaksChanges: true)
        let outcome = home.run(["config", "qr"], terminal: true)
        #expect(outcome.status == 0 && outcome.stderr == "")
        let drawn = outcome.stdout.split(separator: "\n").dropFirst()
        #expect(drawn.allSatisfy { $0.hasPrefix("\u{1B}[97;40m") && $0.hasSuffix("\u{1B}[0m") })
        let url = ConfigQRTests.endpoint + "#token=" + ConfigQRTests.token
        #expect(ConfigQRTests.modules(Array(drawn)) == (try ConfigQRTests.expected(url)))
    }

    @Test func withoutATokenTheLinkIsThePageAloneAndStderrSaysThePageWillAsk() throws {
        let home = try Home(config: ConfigQRTests.config(token: false))
        try home.remember(speaksChanges: true)
        let outcome = home.run(["config", "qr"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.hasPrefix(ConfigQRTests.endpoint + "\n\n"))
        #expect(outcome.stderr == "kakeibo: " + QRRenderer.noToken(.en) + "\n")
        let japanese = home.run(["config", "qr", "--lang", "ja"])
        #expect(japanese.stderr == "kakeibo: トークンが設定されていないため、リンクにトークンは入っていません。ページを開くとトークンを尋ねられます\n")
    }

    @Test func theEnvironmentsEndpointAndTokenAreTheOnesSyncUsesAndSaidSo() throws {
        let home = try Home(config: ConfigQRTests.config(token: true))
        try home.remember(speaksChanges: true)
        let outcome = home.run(["config", "qr"], ["KAKEIBO_TOKEN": "other-token"])
        #expect(outcome.stdout.hasPrefix(ConfigQRTests.endpoint + "#token=other-token\n"))
        #expect(outcome.stderr.contains("KAKEIBO_TOKEN is set and is used instead of the token in the file"))
    }

    @Test func withoutAnEndpointItFailsAsConfigGetDoes() throws {
        let home = try Home(config: nil)
        let outcome = home.run(["config", "qr"])
        #expect(outcome.status == 1 && outcome.stdout == "")
        #expect(outcome.stderr == home.run(["config", "get", "endpoint"]).stderr)
        #expect(outcome.stderr.contains("endpoint is not set"))
    }

    @Test func theAppsServerIsRefusedWithTheReasonAndNothingOnStdout() throws {
        let home = try Home(config: ConfigQRTests.config(token: true))
        try home.remember(speaksChanges: false)
        let outcome = home.run(["config", "qr"])
        #expect(outcome.status == 2 && outcome.stdout == "")
        #expect(outcome.stderr.hasPrefix("kakeibo: the endpoint is the ExpenseLog app's server"))
        #expect(!outcome.stderr.contains(ConfigQRTests.token))
        #expect(home.run(["config", "qr", "--lang", "ja"]).stderr.contains("ExpenseLog アプリのサーバー"))
    }

    @Test func aTokensOtherCharactersArePercentEncodedInTheFragment() throws {
        let home = try Home(config: ConfigQRTests.config(token: false))
        try home.remember(speaksChanges: true)
        let outcome = home.run(["config", "qr"], ["KAKEIBO_TOKEN": "a#b%c/d"])
        #expect(outcome.stdout.hasPrefix(ConfigQRTests.endpoint + "#token=a%23b%25c%2Fd\n"))
    }

    @Test func aLinkNoQRCodeHoldsIsRefusedAndOneWiderThanTheTerminalIsSaidSo() throws {
        let home = try Home(config: ConfigQRTests.config(token: true))
        try home.remember(speaksChanges: true)
        let long = home.run(["config", "qr"], ["KAKEIBO_ENDPOINT": ConfigQRTests.endpoint + "?k=" + String(repeating: "a", count: 2300)])
        #expect(long.status == 2 && long.stdout == "")
        #expect(long.stderr.contains("a QR code holds at most 2331 bytes, and this text has 2432"))
        let wide = ConfigQRTests.endpoint + "?k=" + String(repeating: "a", count: 700)
        let narrow = home.run(["config", "qr"], terminal: true, ["KAKEIBO_ENDPOINT": wide, "COLUMNS": "80"])
        #expect(narrow.status == 0)
        #expect(narrow.stderr.contains("the code is 117 columns wide and the terminal 80"))
        #expect(!home.run(["config", "qr"], terminal: true, ["KAKEIBO_ENDPOINT": wide, "COLUMNS": "120"]).stderr.contains("columns wide"))
    }

    @Test func qrTakesNoMoreWords() throws {
        let home = try Home(config: ConfigQRTests.config(token: true))
        let outcome = home.run(["config", "qr", "big"])
        #expect(outcome.status == 2 && outcome.stdout == "")
        #expect(outcome.stderr.contains("big"))
        #expect(home.run(["config", "frobnicate"]).stderr.contains("qr"), "the choices name qr")
    }
}
