import KakeiboCLI
import KakeiboSync

// The companion `kakeibo` execs for what needs Foundation: the sync commands (URLSession). Which commands run here, and how
// they are declared, is said once in KakeiboCLI (`CompanionCommand`); this is their code.
Kakeibo.main { command in
    switch command {
    case .pull: PullCommand.self
    case .push: PushCommand.self
    case .sync: SyncCommand.self
    }
}
