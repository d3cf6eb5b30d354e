import KakeiboCLI
import KakeiboConvert

// The companion for imports from other apps (needs Foundation for Shift_JIS); `kakeibo import --from …` runs it.
Kakeibo.main(companionCommands: [ForeignImportCommand.self])
