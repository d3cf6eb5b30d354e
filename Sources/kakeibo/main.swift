import KakeiboCLI

await Kakeibo.main()
