import KakeiboCLI
import KakeiboConvert
import KakeiboNetwork

// The companion `kakeibo` execs for what needs Foundation: HTTP over URLSession (`Network`), which every command
// declared `runs: .network` uses, and imports of other apps' files and statements (Shift_JIS). One binary, so
// Foundation is on disk once. Every command is declared once in KakeiboCLI; this gives the companion's capability.
Kakeibo.main(network: Network(connect: URLSessionTransport.connection)) { command in
    switch command {
    case .import: ForeignImportCommand.self
    case .reconcile: ReconcileCommand.self
    }
}
