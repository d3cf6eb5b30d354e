import KakeiboImport
import KakeiboKit

/// The declaration of `reconcile` (`ReconcileCommand` runs it).
package enum StatementDeclarations {
    package static let from = Option(
        "--from", value: ImportFormats.builtIn.filter { $0.kind == .statement }.map(\.word).joined(separator: "|"),
        help: LocalizedText(en: "the statement's format (default: found from the file)", ja: "明細の形式（既定はファイルから判定）"))
    package static let add = Flag(
        "--add",
        help: LocalizedText(
            en: "import the statements (as import --from statement does: each purchase once; again adds nothing)",
            ja: "明細を取り込む（import --from statement と同じ。同じ買い物は一度だけ、もう一度実行しても増えない）"))
    package static let format = OutputFormat.option([.table, .json])

    package static let reconcile = CommandInfo(
        name: "reconcile",
        summary: LocalizedText(
            en: "Set a card or payment statement beside the store, as an import would merge it", ja: "カード・決済の明細を、取り込んだときのまとめ方で突き合わせる"),
        description: LocalizedText(
            en:
                "A statement line is one purchase with an item another source has (typed, an app's export, another statement) on the same account, or one without a payment, with the same amount within 3 days (5 for a card's; names may differ: see docs/accounts.md). Prints what matched, what only the statement has and what its accounts hold that is not on it, with totals; writes nothing.",
            ja:
                "明細の行は、同じ口座（または支払方法なし）で金額が同じ、日付が 3 日以内（カードは 5 日）のほかの記録（手入力、アプリの書き出し、ほかの明細）と同じ買い物です（品名は違ってもかまいません。docs/accounts.md）。一致したもの、明細にだけあるもの、同じ口座で明細にないものを合計とともに表示します。何も書き込みません。"
        ),
        arguments: [
            Argument(
                "FILE|-",
                LocalizedText(
                    en: "a statement: Rakuten Card, SMBC Vpass, PayPay or Japan Post Bank CSV (see docs/statements.md); - reads stdin",
                    ja: "明細: 楽天カード、三井住友カード Vpass、PayPay、ゆうちょの CSV（docs/statements.md）。- は標準入力")),
            Argument(
                "FILE…",
                LocalizedText(
                    en: "more statements, set beside the store together (a year of them at once)", ja: "ほかの明細。まとめて突き合わせる（1 年分を一度に）"),
                .optional, words: ImportCommand.maximumFiles - 1),
        ],
        options: [from, add, format],
        examples: [
            "kakeibo reconcile enavi202412.csv",
            "kakeibo reconcile Transaction_202412.csv --add",
            "kakeibo reconcile vpass.csv --from smbc-vpass --format json",
            "kakeibo reconcile statements/2024-*.csv --add",
        ])
}
