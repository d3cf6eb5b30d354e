import KakeiboKit

/// The one capability `kakeibo` leaves to kakeibo-companion: HTTP, over URLSession (the brief's), which needs
/// Foundation. The companion's `main` gives it (KakeiboNetwork's `URLSessionTransport`); a command that needs it is
/// declared `runs: .network`, and `kakeibo`, which has none, hands such a command line to the companion.
package struct Network: Sendable {
    /// The connection to a sync endpoint: its two protocols' transports.
    let connect: @Sendable (SyncSettings) -> SyncConnection

    package init(connect: @escaping @Sendable (SyncSettings) -> SyncConnection) { self.connect = connect }
}
