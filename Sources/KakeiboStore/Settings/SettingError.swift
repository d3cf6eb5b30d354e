import KakeiboValues

/// A sync setting that can't be used: exit 2, naming where it came from. Never shows a token's value.
public enum SettingError: KakeiboFailure, Equatable {
    case endpoint(String, EndpointProblem)
    case noEndpoint
    case token(source: String)
    case timeout(String)
    case unknownKey(String)
    case tokenOnCommandLine
    case tokenEmpty
    /// A month start day outside 1–31.
    case monthStart(String)
    case member(String, DetailError)
    case split(String, SplitProblem)
    case unknownMember(String, known: [String])
    /// A value a value type refused (`app-categories`).
    case value(ValueError)

    public enum EndpointProblem: Equatable, Sendable {
        case scheme, characters, fragment, credentials, host, port
        case insecure(host: String)
    }

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .endpoint(let text, let problem):
            let shown = "'" + terminalSafe(String(Endpoint.masked(text).prefix(200))) + "'"
            return problem.message(shown: shown, in: language)
        case .noEndpoint:
            return language.pick(
                "no endpoint: run 'kakeibo config set endpoint URL', set KAKEIBO_ENDPOINT, or give --endpoint URL",
                "エンドポイントがありません。'kakeibo config set endpoint URL'、KAKEIBO_ENDPOINT、--endpoint URL のいずれかで指定してください")
        case .token(let source):
            return language.pick(
                "the token in \(source) must be printable ASCII without spaces (its value is not shown)",
                "\(source) のトークンは空白なしの表示可能な ASCII にしてください（値は表示しません）")
        case .timeout(let text):
            return language.pick(
                "--timeout must be a number of seconds from 0.1 to 3600, got '\(terminalSafe(String(text.prefix(40))))'",
                "--timeout は 0.1〜3600 の秒数で指定してください（指定: '\(terminalSafe(String(text.prefix(40))))'）")
        case .unknownKey(let key):
            return language.pick(
                "unknown setting '\(terminalSafe(String(key.prefix(40))))'; settings: \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", "))",
                "不明な設定 '\(terminalSafe(String(key.prefix(40))))'。設定: \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", "))")
        case .tokenOnCommandLine:
            return language.pick(
                "a token is never taken on the command line (ps and shell history would show it); pipe it in: printf '%s' \"$TOKEN\" | kakeibo config set token",
                "トークンはコマンドラインでは受け付けません（ps やシェルの履歴に残ります）。標準入力から渡してください: printf '%s' \"$TOKEN\" | kakeibo config set token")
        case .tokenEmpty:
            return language.pick("no token on standard input", "標準入力にトークンがありません")
        case .monthStart(let text):
            return language.pick(
                "month-start must be a day from 1 to 31, got '\(terminalSafe(String(text.prefix(40))))'",
                "month-start は 1〜31 の日で指定してください（指定: '\(terminalSafe(String(text.prefix(40))))'）")
        case .value(let error): return error.message(in: language)
        case .member(let text, let error):
            return language.pick("member '\(terminalSafe(String(text.prefix(40))))': ", "メンバー '\(terminalSafe(String(text.prefix(40))))': ")
                + error.message(in: language)
        case .split(let text, let problem):
            return problem.message("'" + terminalSafe(String(text.prefix(80))) + "'", language)
        case .unknownMember(let name, let known):
            return language.pick(
                "unknown member '\(terminalSafe(String(name.prefix(40))))'; the split's members: \(known.joined(separator: ", "))",
                "不明なメンバー '\(terminalSafe(String(name.prefix(40))))'。分担のメンバー: \(known.joined(separator: "、"))")
        }
    }
}

extension SettingError.EndpointProblem {
    /// What is wrong with the endpoint `shown` (quoted, its secret masked).
    func message(shown: String, in language: Language) -> String {
        switch self {
        case .scheme:
            return language.pick(
                "endpoint \(shown) must start with https:// (or http:// for this machine)",
                "エンドポイント \(shown) は https://（この機械なら http://）で始めてください")
        case .characters:
            return language.pick(
                "endpoint \(shown) must not contain spaces or non-ASCII characters (percent-encode them)",
                "エンドポイント \(shown) に空白や ASCII 以外の文字は使えません（パーセントエンコードしてください）")
        case .fragment:
            return language.pick("endpoint \(shown) must not contain '#'", "エンドポイント \(shown) に '#' は使えません")
        case .credentials: // the address is not shown: it holds a password
            return language.pick(
                "the endpoint must not contain a user or password (not shown); put a token in KAKEIBO_TOKEN or 'kakeibo config set token'",
                "エンドポイントにユーザー名やパスワードは書けません（表示しません）。トークンは KAKEIBO_TOKEN か 'kakeibo config set token' で設定してください")
        case .host:
            return language.pick("endpoint \(shown) has no usable host name", "エンドポイント \(shown) のホスト名が正しくありません")
        case .port:
            return language.pick("endpoint \(shown) has a port that is not 1–65535", "エンドポイント \(shown) のポートが 1〜65535 ではありません")
        case .insecure(let host):
            return language.pick(
                "endpoint \(shown) must use https:// for \(host): plain http:// is only for this machine (\(Endpoint.loopbackNames.joined(separator: ", ")))",
                "エンドポイント \(shown) のホスト \(host) には https:// を使ってください。http:// はこの機械（\(Endpoint.loopbackNames.joined(separator: "、"))）だけに使えます")
        }
    }
}
