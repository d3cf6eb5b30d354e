import KakeiboCLI
import KakeiboConvert
import KakeiboSync

// The companion `kakeibo` execs for the commands that need Foundation: imports from other apps' CSV exports
// (Shift_JIS) and the sync commands (URLSession). One binary, so Foundation is on disk once.
Kakeibo.main(companionCommands: SyncCommands.all + [ForeignImportCommand.self, ReconcileCommand.self])
