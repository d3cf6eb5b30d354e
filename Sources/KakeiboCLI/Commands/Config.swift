import KakeiboKit

/// `kakeibo config set|get|unset|list|qr` — the household server's endpoint, token and timeout, kept in `config.json`
/// in the configuration directory, and the link that opens its phone page. Needs no network.
struct ConfigCommand: Command {
    static let key = Argument(
        "KEY",
        LocalizedText(
            en:
                "endpoint (https://…; http:// only for this machine), token (read from stdin; shown only in the link config qr prints), timeout (seconds), month-start (the day each month starts on, 1–31), member (who pays on this machine), split (e.g. ayumi=60,ken=40, or by-income: each member's income that period, for settle), app-categories (the ExpenseLog app's category codes with their subcategory codes, 0:0-3 1:0-2 as published; a push to the app sends only those)",
            ja:
                "endpoint（https://…。http:// はこの機械だけ）、token（標準入力から読む。表示するのは config qr のリンクの中だけ）、timeout（秒）、month-start（月の開始日、1〜31）、member（この機械で払う人）、split（ayumi=60,ken=40 など、または by-income（その期間の各メンバーの収入の比）。settle 用）、app-categories（ExpenseLog アプリの項目コードと内訳コード。公開版は 0:0-3 1:0-2。アプリへの push はこれだけを送る）"
        ))
    static let value = Argument(
        "VALUE", LocalizedText(en: "the new value (not for token)", ja: "新しい値（token 以外）"), .optional)

    enum Verb: String, CommandVerb {
        case set, get, unset, list, qr

        var declaration: VerbInfo {
            switch self {
            case .set:
                VerbInfo(LocalizedText(en: "save a setting (the token is read from stdin)", ja: "設定を保存（token は標準入力から読む）"), arguments: [key, value])
            case .get: VerbInfo(LocalizedText(en: "print a setting (the token only as 'set')", ja: "設定を表示（token は「set」とだけ表示）"), arguments: [key])
            case .unset: VerbInfo(LocalizedText(en: "remove a setting", ja: "設定を削除"), arguments: [key])
            case .list: VerbInfo(LocalizedText(en: "show every setting", ja: "すべての設定を表示"))
            case .qr:
                VerbInfo(
                    LocalizedText(
                        en:
                            "print the household server's phone page as a link and a QR code to scan: the endpoint with the token in its fragment (#token=…), the one place the token is shown; without a token the page asks for it",
                        ja:
                            "家計簿サーバーのスマートフォン用ページをリンクと読み取り用の QR コードで表示。エンドポイントの後ろ（#token=…）にトークンが入る（トークンが表示されるのはここだけ）。トークンがなければページが尋ねる"
                    ))
            }
        }
    }

    static let name = "config"
    static let info = CommandInfo(
        name: name,
        summary: LocalizedText(
            en: "Settings: the household server (endpoint, token, timeout), the day a month starts, who pays, the split",
            ja: "設定: 家計簿サーバー（エンドポイント・トークン・タイムアウト）、月の開始日、払う人、分担"),
        description: LocalizedText(
            en:
                "Settings are kept in config.json in the configuration directory; an option or environment variable given to pull, push or sync takes precedence.",
            ja: "設定は設定ディレクトリの config.json に保存します。pull・push・sync に渡したオプションや環境変数がこれより優先されます。"),
        verbs: Verb.self,
        examples: [
            "kakeibo config set endpoint https://script.google.com/macros/s/DEPLOYMENT-ID/exec",
            "printf '%s' \"$TOKEN\" | kakeibo config set token",
            "kakeibo config get endpoint",
            "kakeibo config set month-start 25",
            "kakeibo config list",
            "kakeibo config set member ayumi",
            "kakeibo config set split ayumi=60,ken=40",
            "kakeibo config set split by-income",
            "kakeibo config set app-categories '0:0-3 1:0-3'",
            "kakeibo config qr",
        ])

    enum Action {
        case set(ConfigKey, String?)
        case get(ConfigKey)
        case unset(ConfigKey)
        case list
        case qr
    }

    let action: Action

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let words = arguments.positionals
        switch try arguments.verb(Verb.self) {
        case .set:
            let key = try ConfigCommand.key(words[0])
            if key == .token {
                guard words.count == 1 else { throw SettingError.tokenOnCommandLine }
                action = .set(key, nil)
            } else {
                guard words.count == 2 else { throw UsageError.missingArgument("VALUE", command: ConfigCommand.name) }
                var probe = Configuration.empty
                try probe.set(key, words[1]) // checked now, before anything is read or written
                action = .set(key, words[1])
            }
        case .get: action = .get(try ConfigCommand.key(words[0]))
        case .unset: action = .unset(try ConfigCommand.key(words[0]))
        case .list: action = .list
        case .qr: action = .qr
        }
    }

    private static func key(_ word: String) throws -> ConfigKey {
        guard let key = ConfigKey(rawValue: word) else { throw SettingError.unknownKey(word) }
        return key
    }

    func run(_ context: Context) throws {
        var configuration = try Configuration.load(environment: context.environment)
        let l = context.language
        switch action {
        case .set(let key, let value):
            if key == .token { try refuseTokenForApp(configuration, context) }
            try configuration.set(key, try value ?? ConfigCommand.readToken(context))
            try configuration.save()
            context.print(l.pick("Saved \(key.rawValue) in \(configuration.path)\n", "\(key.rawValue) を \(configuration.path) に保存しました\n"))
            noteOverride(key, context)
        case .get(let key):
            guard let value = configuration.display(key) else { throw NotSet(key: key) }
            context.print(value + "\n")
            noteOverride(key, context)
        case .unset(let key):
            if configuration.has(key) {
                configuration.unset(key)
                try configuration.save()
            }
            context.print(l.pick("Unset \(key.rawValue)\n", "\(key.rawValue) を削除しました\n"))
        case .list:
            for key in ConfigKey.allCases {
                guard let value = configuration.display(key) else { continue }
                context.print("\(key.rawValue)=\(value)\n")
                noteOverride(key, context)
            }
        case .qr:
            try showPhonePage(context)
        }
    }

    /// A token for an endpoint this store already found speaking the app's protocol is refused: it would never be sent.
    private func refuseTokenForApp(_ configuration: Configuration, _ context: Context) throws {
        let variable = context.environment["KAKEIBO_ENDPOINT"].flatMap { $0.isEmpty ? nil : try? Endpoint.parse($0) }
        guard let endpoint = variable ?? configuration.endpoint,
            let verdict = try context.household().journal().endpoints[endpoint.stateKey], !verdict.speaksChanges
        else { return }
        throw TokenNotTaken(endpoint: endpoint.masked, source: "config.json")
    }

    /// Says when an environment variable, not the file, decides a setting.
    func noteOverride(_ key: ConfigKey, _ context: Context) {
        let variable = ["endpoint": "KAKEIBO_ENDPOINT", "token": "KAKEIBO_TOKEN"][key.rawValue]
        guard let variable, let value = context.environment[variable], !value.isEmpty else { return }
        context.note(
            context.language.pick(
                "\(variable) is set and is used instead of the \(key.rawValue) in the file",
                "\(variable) が設定されているため、ファイルの \(key.rawValue) の代わりに使われます"))
    }

    /// The token from standard input: typed without echo at a terminal, else the whole input less its final newline.
    static func readToken(_ context: Context) throws -> String {
        var bytes: [UInt8]
        if isatty(0) == 1 {
            Terminal.write(context.language.pick("Token: ", "トークン: "), to: 2)
            var saved = termios()
            let hidden = tcgetattr(0, &saved) == 0
            if hidden {
                var quiet = saved
                quiet.c_lflag &= ~tcflag_t(ECHO)
                tcsetattr(0, TCSANOW, &quiet)
            }
            defer {
                if hidden { tcsetattr(0, TCSANOW, &saved) }
                Terminal.write("\n", to: 2)
            }
            bytes = []
            var byte: UInt8 = 0
            while read(0, &byte, 1) == 1 && byte != UInt8(ascii: "\n") { bytes.append(byte) }
        } else {
            bytes = try Terminal.readStandardInput()
        }
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard !bytes.isEmpty else { throw SettingError.tokenEmpty }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `config get` of a key that isn't set: exit 1, as `git config` does.
    struct NotSet: KakeiboFailure {
        var key: ConfigKey
        var kind: FailureKind { .runtime }
        func message(in language: Language) -> String {
            language.pick(
                "\(key.rawValue) is not set (kakeibo config set \(key.rawValue) …)",
                "\(key.rawValue) は設定されていません（kakeibo config set \(key.rawValue) …）")
        }
    }
}
