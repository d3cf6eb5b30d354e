import KakeiboCLI

Kakeibo.main()
