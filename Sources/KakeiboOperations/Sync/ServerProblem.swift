import KakeiboStore
import KakeiboValues

/// What went wrong in one exchange with the household server.
public enum ServerProblem: Error, Equatable, Sendable {
    case timedOut(seconds: Double)
    case cannotConnect(String)
    /// The connection closed before the answer came.
    case connectionLost
    case status(Int)
    /// A redirect kakeibo would not follow (to plain http on another machine).
    case redirect(status: Int, location: String?)
    /// More redirects than kakeibo follows (`URLSessionTransport.maximumRedirects`): a loop.
    case tooManyRedirects(limit: Int)
    /// A 200 whose body is an HTML page (the service's error page), with its title.
    case htmlPage(title: String?)
    case notItems(WireProblem)
    /// The register answer did not list some of the items sent.
    case unconfirmed(missing: Int, sent: Int)
    /// The answer was larger than kakeibo reads (`URLSessionTransport.maximumAnswerBytes`, after decompression).
    case tooLarge(limit: Int)
    /// The whole command ran out of time (`CommandDeadline`).
    case commandDeadline(seconds: Double)
    /// The answer can't be read as HTTP (a bad length or chunk, a body cut short), with libcurl's words.
    case malformedAnswer(String)
    case other(String)

    /// Whether the request surely did not reach the server's script: no connection was made, it was sent on
    /// elsewhere (a 307 or 308 not followed), or refused before it ran (a 4xx other than 408). Anything else (no
    /// answer in time, a lost connection, a 5xx, an answer that can't be read) may have come after the script ran.
    public var surelyNotReceived: Bool {
        switch self {
        case .cannotConnect: return true
        case .redirect(let status, _): return status == 307 || status == 308
        case .status(let code): return (400..<500).contains(code) && code != 408
        default: return false
        }
    }

    /// Seconds as given: 30, 0.5.
    private func shown(_ seconds: Double) -> String { seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds) }

    public func message(in language: Language) -> String {
        switch self {
        case .timedOut(let seconds):
            return language.pick("no answer within \(shown(seconds)) s (--timeout)", "\(shown(seconds)) 秒以内に応答がありません（--timeout）")
        case .cannotConnect(let detail):
            return language.pick("cannot connect: \(detail)", "接続できません: \(detail)")
        case .connectionLost:
            return language.pick("the connection closed before the answer came", "応答の前に接続が切れました")
        case .status(let code):
            return language.pick("the server answered HTTP \(code), not 200", "サーバーの応答が 200 ではなく HTTP \(code) でした")
        case .redirect(let code, let location):
            let target = location.map { " " + terminalSafe(String($0.prefix(80))) } ?? ""
            return language.pick(
                "the server redirected (HTTP \(code)) to\(target); not followed (kakeibo follows a 307 or 308 only within the endpoint's own origin, and nothing to plain http on another machine)",
                "サーバーが\(target) へ転送しました（HTTP \(code)）。転送先には接続していません（307・308 はエンドポイントと同じオリジンの中だけ、ほかの機械への平文の http には一切転送しません）")
        case .tooManyRedirects(let limit):
            return language.pick(
                "the server redirected more than \(limit) times in a row; not followed further (check the endpoint)",
                "サーバーが \(limit) 回を超えて続けて転送しました。これ以上は転送先に接続していません（エンドポイントを確認してください）")
        case .htmlPage(let title):
            let named = title.map { " (\"\($0)\")" } ?? ""
            return language.pick(
                "the server answered with an HTML page\(named), not JSON: check the endpoint, the token, and that the web app is deployed with access \"Anyone\"",
                "サーバーの応答が JSON ではなく HTML のページ\(named)でした。エンドポイント、トークン、ウェブアプリのアクセスが「全員」で公開されているかを確認してください")
        case .notItems(.syntax(let error)) where error.problem == .unexpectedEnd:
            return language.pick(
                "the answer is not a list of items: it was cut short (truncated; not valid JSON: ",
                "応答がデータの一覧ではありません: 途中で切れています（JSON として読めません: ") + error.message(in: language)
                + language.pick("): try again; if it repeats, check the server's logs", "）。やり直してください。繰り返す場合はサーバーのログを確認してください")
        case .notItems(.notAnArray):
            return language.pick(
                "the answer is JSON but not a list of items: is the endpoint the household server's web app (not another service), and the token right?",
                "応答は JSON ですがデータの一覧ではありません。エンドポイントが家計簿サーバーのウェブアプリか（別のサービスでないか）、トークンが正しいかを確認してください")
        case .notItems(.syntax(let error)):
            return language.pick(
                "the answer is not a list of items: not valid JSON (", "応答がデータの一覧ではありません: JSON として読めません（")
                + error.message(in: language)
                + language.pick("): is the endpoint the household server's web app?", "）。エンドポイントが家計簿サーバーのウェブアプリか確認してください")
        case .notItems(let problem):
            return language.pick("the answer is not a list of items: ", "応答がデータの一覧ではありません: ") + problem.message(in: language)
        case .unconfirmed(let missing, let sent):
            return language.pick(
                "the answer lists only \(sent - missing) of the \(sent) items sent",
                "送った \(sent) 件のうち \(sent - missing) 件しか応答にありません")
        case .tooLarge(let limit):
            return language.pick(
                "the answer is larger than \(limit / 1024 / 1024) MiB, more than a household's server sends; not read",
                "応答が \(limit / 1024 / 1024) MiB を超えています（家計簿サーバーの応答としては大きすぎます）。読み込んでいません")
        case .commandDeadline(let seconds):
            return language.pick(
                "the command did not finish within \(shown(seconds)) s (10 × --timeout): the server kept answering without an end",
                "コマンドが \(shown(seconds)) 秒以内に終わりませんでした（--timeout の 10 倍）。サーバーの応答が終わりません")
        case .malformedAnswer(let detail):
            return language.pick("the answer could not be read (\(detail))", "応答を読めませんでした（\(detail)）")
        case .other(let detail):
            return detail
        }
    }
}
