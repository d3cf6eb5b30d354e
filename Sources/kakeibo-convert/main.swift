import KakeiboCLI
import KakeiboConvert

// The companion for imports from other apps (needs Foundation for Shift_JIS); `kakeibo import --from …` runs it.
await Kakeibo.main(companionCommands: [ForeignImportCommand.self])
