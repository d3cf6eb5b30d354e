import KakeiboKit

/// The declaration of `reconcile`, which kakeibo-companion runs (a statement may be Shift_JIS, which needs
/// Foundation): here so that `kakeibo` can parse, route, list, complete and document it; KakeiboConvert's
/// `ReconcileCommand` implements it.
public enum StatementDeclarations {
    public enum Reconcile: CommandDeclaration {
        public static let name = "reconcile"
        public static var info: CommandInfo { reconcile }
    }

    public static let from = Option(
        "--from", value: ImportFormat.all.filter { $0.kind == .statement }.map(\.name).joined(separator: "|"),
        help: LocalizedText(en: "the statement's format (default: found from the file)", ja: "明細の形式（既定はファイルから判定）"))
    public static let add = Flag(
        "--add",
        help: LocalizedText(
            en: "add the statement-only lines and record the matches (running it again adds nothing)",
            ja: "明細にだけある行を登録し、一致を記録する（もう一度実行しても何も増えない）"))
    public static let format = OutputFormat.option([.table, .json])

    public static let reconcile = CommandInfo(
        name: Reconcile.name,
        summary: LocalizedText(en: "Set a card or payment statement beside what was typed", ja: "カード・決済の明細と手入力を突き合わせる"),
        description: LocalizedText(
            en:
                "A statement line matches a typed item with the same amount within 3 days (its payment the line's or unset; names may differ). Prints what matched, what only the statement has and what was typed but is not on it, with totals.",
            ja: "明細の行は、金額が同じで日付が 3 日以内の手入力の品目と一致します（支払方法は同じか未設定。品名は違ってもかまいません）。一致したもの、明細にだけあるもの、手入力にだけあるものを合計とともに表示します。"),
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
        ],
        runs: .companion)
}
