import KakeiboCLI
import KakeiboConvert
import KakeiboSync

// The companion `kakeibo` execs for what needs Foundation: imports of other apps' files and statements (Shift_JIS)
// and the sync commands (URLSession). One binary, so Foundation is on disk once. Which commands run here, and how
// they are declared, is said once in KakeiboCLI (`CompanionCommand`); this is their code.
Kakeibo.main { command in
    switch command {
    case .import: ForeignImportCommand.self
    case .reconcile: ReconcileCommand.self
    case .pull: PullCommand.self
    case .push: PushCommand.self
    case .sync: SyncCommand.self
    }
}
