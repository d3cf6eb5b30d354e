import KakeiboKit

/// `kakeibo tax medical YEAR` — the year's medical costs for the 医療費控除: the 国税庁's 医療費集計フォーム as a
/// table, JSON, TSV or an .xlsx workbook, with the threshold, the deduction and the セルフメディケーション税制 beside it.
struct TaxCommand: Command {
    enum Format: String, CaseIterable, Sendable {
        case table, json, tsv
    }

    static let format = Option.choice("--format", Format.allCases, help: LocalizedText(en: "output format (default table)", ja: "出力形式（既定は table）"))
    static let output = Option<OutputFile?>(
        "--output", value: "FILE.xlsx",
        help: LocalizedText(
            en: "also write the tax office's medical expense form as a workbook (replaced atomically, mode 0600)",
            ja: "医療費集計フォームのブック（.xlsx）も書き出す（アトミックに置き換え、モード 0600）")
    ) { text in
        guard text.lowercased().hasSuffix(".xlsx") else { throw TaxCommandError.notXLSX(text) }
        return try OutputFile.parse(text)
    }
    static let income = Option<Yen>(
        "--income", value: "N",
        help: LocalizedText(
            en: "total income (総所得金額等) for the threshold (default: the year's income in the ledger)",
            ja: "足切り額を決める総所得金額等（既定は家計簿のこの年の収入）")
    ) { text in
        guard let amount = try? Yen.parsePrice(text), amount.amount > 0 else {
            guard TypedNumber.money(text) == "0" else { throw ValueError.income(text) }
            return .zero
        }
        return amount
    }
    enum Verb: String, CommandVerb {
        case medical

        var declaration: VerbInfo {
            switch self {
            case .medical:
                VerbInfo(
                    LocalizedText(en: "the 医療費控除 (the only one so far)", ja: "医療費控除（いまはこれだけ）"),
                    arguments: [
                        Argument("YEAR", LocalizedText(en: "the year, e.g. 2024 or 去年 (default: last year)", ja: "年（2024、去年など。既定は去年）"), .optional)
                    ],
                    options: [format, output, income])
            }
        }
    }

    static let name = "tax"
    static let info = CommandInfo(
        name: name, summary: LocalizedText(en: "Medical costs for the tax return (医療費控除)", ja: "確定申告の医療費控除（医療費集計フォーム）"),
        description: LocalizedText(
            en:
                "Items in the medical category, one row per person (member) and payee (shop, else name), their kinds from the subcategory; --reimbursed on an item is what insurance pays back. The threshold is ¥100,000, or 5% of total income under ¥2,000,000.",
            ja: "医療費の項目のデータを、受けた人（メンバー）と支払先（お店、なければ品名）ごとに 1 行にまとめ、区分は内訳から決めます。データの --reimbursed が補填される金額です。足切り額は 10 万円、所得が 200 万円未満なら所得の 5% です。"),
        verbs: Verb.self,
        examples: [
            "kakeibo tax medical 2024",
            "kakeibo tax medical 2024 --output 医療費集計フォーム.xlsx",
            "kakeibo tax medical 2024 --income 1800000 --format json | jq '{deduction, selfMedication, better}'",
            "kakeibo add 山田クリニック 3200 --category medical/clinic --member ayumi --reimbursed 1000",
        ])

    let year: Int
    let format: Format
    let output: OutputFile?
    let income: Yen?

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        let today = context.clock.today.yearMonth
        // Tax season is February and March: the year asked about is usually the one that just ended.
        _ = try arguments.verb(Verb.self) // medical: the only one so far
        switch try Period.parse(arguments.positionals, today: today, as: .year) {
        case .year(let year): self.year = year
        default: self.year = today.year - 1
        }
        format = try arguments[Self.format] ?? .table
        output = try arguments[Self.output] ?? nil
        income = try arguments[Self.income]
    }

    func run(_ context: Context) throws {
        let store = try context.storeForReading()
        let items = try store.items(inYear: year).values.flatMap { $0 }
        let taxonomy = try context.taxonomy()
        guard taxonomy.categories.contains(where: { $0.key == "medical" }) else { throw TaxCommandError.noMedicalCategory }
        let report = MedicalReport(year: year, items: items, taxonomy: taxonomy, income: income)
        if let output { try output.write(MedicalRenderer.workbook(report).bytes(), context) }
        switch format {
        case .table: context.print(MedicalRenderer.table(report, style: context.textStyle))
        case .json: context.print(MedicalRenderer.json(report))
        case .tsv: context.print(MedicalRenderer.tsv(report))
        }
    }
}

/// Why `tax medical` can't run (exit 2).
enum TaxCommandError: KakeiboFailure, Equatable {
    case notXLSX(String)
    case noMedicalCategory

    var kind: FailureKind { .badInput }

    func message(in language: Language) -> String {
        switch self {
        case .notXLSX(let path):
            return language.pick("--output \(path): the workbook's name must end in .xlsx", "--output \(path): ブックの名前は .xlsx で終えてください")
        case .noMedicalCategory:
            return language.pick(
                "the taxonomy has no category keyed 'medical'; add one ('kakeibo categories') to record medical costs",
                "分類に 'medical' の項目がありません。医療費を記録するには追加してください（'kakeibo categories'）")
        }
    }
}
