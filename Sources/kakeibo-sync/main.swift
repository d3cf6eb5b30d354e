import KakeiboCLI
import KakeiboSync

await Kakeibo.main(companionCommands: SyncCommands.all)
