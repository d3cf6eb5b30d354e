import KakeiboCLI
import KakeiboConvert
import KakeiboSync

// The companion `kakeibo` execs for what needs Foundation: imports of other apps' files and statements (Shift_JIS)
// and the sync commands (URLSession). One binary, so Foundation is on disk once. Which command runs here is said by
// its declaration (KakeiboCLI); each module lists the code it gives.
Kakeibo.main(companionCommands: SyncCommands.all + ConvertCommands.all)
