import KakeiboCLI
import KakeiboSync

await Kakeibo.main(awaitingCommands: SyncCommands.all)
