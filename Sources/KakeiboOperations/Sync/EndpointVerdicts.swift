import KakeiboStore
import KakeiboValues

extension Endpoint {
    /// The household server's phone page with the token in its fragment (`…/exec#token=T`), which a browser never
    /// sends to a server; the page takes it from there. Without a token, the page's address alone.
    package func phonePage(token: String?) -> String {
        text + (token.map { "#token=" + Endpoint.percentEncoded($0) } ?? "")
    }
}

extension Household {
    /// What the sync state says `endpoint` speaks, as a sync would take it: the change protocol (the household
    /// server), the app's plain protocol (a verdict a week old no longer holds), or nil when not known.
    package func speaksChanges(_ endpoint: Endpoint) throws -> Bool? {
        guard let verdict = try journal().endpoints[endpoint.stateKey], verdict.holds(at: now) else { return nil }
        return verdict.speaksChanges
    }
}
