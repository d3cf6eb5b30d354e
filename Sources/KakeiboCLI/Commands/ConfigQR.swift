import KakeiboKit

/// `kakeibo config qr`: the household server's phone page, with the token in the link's fragment, as text and as a
/// QR Code for a phone's camera. The one place kakeibo shows the token.
extension ConfigCommand {
    func showPhonePage(_ context: Context) throws {
        let settings: SyncSettings
        do {
            settings = try SyncSettings.resolve(endpointOption: nil, timeoutOption: nil, environment: context.environment)
        } catch SettingError.noEndpoint {
            throw NotSet(key: .endpoint)
        }
        let endpoint = settings.endpoint
        switch try? context.household().speaksChanges(endpoint) {
        case .some(false): throw AppServer()
        case .some(true): break
        case .none: context.note(QRRenderer.serverUnknown(context.language))
        }
        let url = endpoint.phonePage(token: settings.token)
        let code = try QRCode(url)
        context.print(QRRenderer.phonePage(url: url, code: code, style: context.textStyle))
        let columns = QRRenderer.columns(code)
        if context.terminal.stdoutIsTerminal && context.terminal.width < columns {
            context.note(QRRenderer.tooWide(columns: columns, width: context.terminal.width, context.language))
        }
        if settings.token == nil { context.note(QRRenderer.noToken(context.language)) }
        for key in [ConfigKey.endpoint, .token] { noteOverride(key, context) }
    }

    /// The endpoint is the ExpenseLog app's server, which serves no page: exit 2, as a setting that can't be used.
    struct AppServer: KakeiboFailure {
        var kind: FailureKind { .badInput }
        func message(in language: Language) -> String { QRRenderer.appServer(language) }
    }
}
