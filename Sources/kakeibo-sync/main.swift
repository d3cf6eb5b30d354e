import KakeiboCLI
import KakeiboSync

Kakeibo.main(companionCommands: SyncCommands.all)
