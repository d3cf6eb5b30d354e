import KakeiboValues

/// What the sync commands use, each from the first place that says: the endpoint from `--endpoint`, else
/// $KAKEIBO_ENDPOINT, else the config file; the token from $KAKEIBO_TOKEN, else the config file (never the command
/// line); the timeout from `--timeout`, else the config file, else 30 seconds.
public struct SyncSettings: Sendable {
    public var endpoint: Endpoint
    public var token: String?
    /// Where the token came from, for a message that names it: `KAKEIBO_TOKEN`, or `config.json`.
    public var tokenSource: String?
    public var timeout: Double
    /// What a plain app server can show (the `app-categories` setting, else the app as published).
    public var appCategories: AppCategories = .expenseLog

    public static let defaultTimeout = 30.0
    static let timeoutRange = 0.1...3600.0

    public static func resolve(endpointOption: String?, timeoutOption: String?, environment: Environment) throws -> SyncSettings {
        // Options and variables are checked before the file is read, so a bad one is reported as itself.
        let optionEndpoint = try endpointOption.map { text throws(SettingError) in try Endpoint.parse(text) }
        let environmentEndpoint = try environment["KAKEIBO_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }.map {
            text throws(SettingError) in try Endpoint.parse(text)
        }
        let environmentToken = try environment["KAKEIBO_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }.map {
            text throws(SettingError) in try validToken(text, source: "KAKEIBO_TOKEN")
        }
        let optionTimeout = try timeoutOption.map { text throws(SettingError) in try parseTimeout(text) }
        let file = try Configuration.load(environment: environment)
        guard let endpoint = optionEndpoint ?? environmentEndpoint ?? file.endpoint else { throw SettingError.noEndpoint }
        var settings = SyncSettings(
            endpoint: endpoint, token: environmentToken ?? file.token, timeout: optionTimeout ?? file.timeout ?? defaultTimeout,
            appCategories: file.appCategories ?? .expenseLog)
        settings.tokenSource = environmentToken != nil ? "KAKEIBO_TOKEN" : file.token != nil ? "config.json" : nil
        return settings
    }

    /// Whether this household syncs with a server (so `month` marks what the server doesn't have yet).
    /// A configuration file that can't be read counts as not configured here; the sync commands report it.
    public static func isConfigured(environment: Environment) -> Bool {
        if let variable = environment["KAKEIBO_ENDPOINT"], !variable.isEmpty { return true }
        return (try? Configuration.load(environment: environment))?.endpoint != nil
    }

    /// `--timeout SECONDS`: a plain decimal number from 0.1 to 3600.
    public static func parseTimeout(_ text: String) throws(SettingError) -> Double {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !parts[0].isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }),
            let seconds = Double(text), timeoutRange.contains(seconds)
        else { throw .timeout(text) }
        return seconds
    }

    /// A bearer token goes into an HTTP header: printable ASCII without spaces, at most 4096 characters.
    public static func validToken(_ text: String, source: String) throws(SettingError) -> String {
        guard !text.isEmpty, text.utf8.count <= 4096, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .token(source: source)
        }
        return text
    }
}
