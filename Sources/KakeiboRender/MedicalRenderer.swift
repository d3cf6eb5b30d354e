import KakeiboReports
import KakeiboStore
import KakeiboValues

/// `tax medical` in every form: a table with the summary, JSON, TSV in the form's columns (B to J, to paste from
/// B9), and the .xlsx workbook laid out as the 国税庁's 医療費集計フォーム (Ver 3.1): its headings in row 8, the data
/// from row 9.
public enum MedicalRenderer {
    /// The form's wording of each kind (its columns D to G), and the mark it takes: 「該当する」.
    public static func formName(_ kind: MedicalReport.Kind) -> String {
        switch kind {
        case .treatment: "診療・治療"
        case .medicine: "医薬品購入"
        case .care: "介護保険サービス"
        case .other: "その他の医療費"
        }
    }

    public static let applicable = "該当する"

    static func name(_ kind: MedicalReport.Kind, _ language: Language) -> String {
        switch kind {
        case .treatment: language.pick("treatment", formName(kind))
        case .medicine: language.pick("medicine", formName(kind))
        case .care: language.pick("care", formName(kind))
        case .other: language.pick("other", formName(kind))
        }
    }

    /// The key JSON names a kind by.
    static func key(_ kind: MedicalReport.Kind) -> String {
        switch kind {
        case .treatment: "treatment"
        case .medicine: "medicine"
        case .care: "care"
        case .other: "other"
        }
    }

    /// The form's headings of columns B to J.
    static let headings = [
        "医療を受けた人", "病院・薬局などの名称", formName(.treatment), formName(.medicine), formName(.care), formName(.other),
        "支払った医療費の金額", "左のうち、補填される金額", "支払年月日",
    ]

    public static func table(_ report: MedicalReport, style: TextStyle) -> String {
        let language = style.language
        var out = style.bold(language.pick("Medical expense deduction \(report.year) (医療費控除)", "医療費控除 \(report.year)年")) + "\n"
        guard !report.rows.isEmpty else {
            return out
                + language.pick(
                    "No medical costs in \(report.year) (items in the medical category)\n", "\(report.year)年の医療費（医療費の項目のデータ）はありません\n")
        }
        var table = TextTable([
            .left(language.pick("Person", "受けた人")).shrinking(2), .left(language.pick("Payee", "支払先")).shrinking(0),
            .left(language.pick("Kind", "区分")).shrinking(1), .right(language.pick("Paid", "支払額")),
            .right(language.pick("Reimbursed", "補填額")).dropping(),
        ])
        for row in report.rows {
            table.add(
                row.person ?? "-", row.payee, row.kinds.map { name($0, language) }.joined(separator: ", "), row.paid.formatted(language),
                row.reimbursed.formatted(language))
        }
        out += table.render(style) + "\n"
        out += summary(report, language)
        return out
    }

    /// The lines under the table: totals, threshold, the deduction and the セルフメディケーション comparison.
    static func summary(_ report: MedicalReport, _ language: Language) -> String {
        let l = language
        var out = l.pick(
            "Paid \(report.paid.formatted(l)) · reimbursed \(report.reimbursed.formatted(l)) · net \(report.net.formatted(l))\n",
            "支払額 \(report.paid.formatted(l))・補填額 \(report.reimbursed.formatted(l))・差引 \(report.net.formatted(l))\n")
        if let income = report.income {
            let source = report.incomeGiven ? l.pick("given", "指定") : l.pick("the year's income in the ledger", "家計簿のこの年の収入")
            out += l.pick(
                "Income \(income.formatted(l)) (\(source)): threshold \(report.threshold.formatted(l))\n",
                "所得 \(income.formatted(l))（\(source)）: 足切り額 \(report.threshold.formatted(l))\n")
        } else {
            out += l.pick(
                "No income in the ledger: threshold \(report.threshold.formatted(l)) (give --income N when your total income is under ¥2,000,000)\n",
                "家計簿に収入がありません: 足切り額 \(report.threshold.formatted(l))（所得が 200 万円未満なら --income N を指定）\n")
        }
        out +=
            report.applies
            ? l.pick(
                "Medical expense deduction applies: \(report.deduction.formatted(l))\n", "医療費控除を受けられます: 控除額 \(report.deduction.formatted(l))\n")
            : l.pick(
                "Medical expense deduction does not apply: net \(report.net.formatted(l)) is not over \(report.threshold.formatted(l))\n",
                "医療費控除は受けられません: 差引 \(report.net.formatted(l)) が \(report.threshold.formatted(l)) を超えていません\n")
        if let medicine = report.medicine, let other = report.selfMedication {
            out += l.pick(
                "Self-medication alternative (セルフメディケーション税制): medicine \(medicine.formatted(l)) → \(other.formatted(l)) (over ¥12,000, at most ¥88,000; only OTC medicine that qualifies)\n",
                "セルフメディケーション税制なら: 医薬品 \(medicine.formatted(l)) → 控除額 \(other.formatted(l))（12,000 円を超える分、上限 88,000 円。対象の市販薬のみ）\n")
            switch report.better {
            case .medical:
                out += l.pick("The medical expense deduction is larger; only one of the two can be taken.\n", "医療費控除のほうが大きくなります（併用はできません）。\n")
            case .selfMedication:
                out += l.pick("The self-medication deduction is larger; only one of the two can be taken.\n", "セルフメディケーション税制のほうが大きくなります（併用はできません）。\n")
            case .neither: out += l.pick("Neither deduction applies.\n", "どちらの控除も受けられません。\n")
            }
        }
        return out
    }

    public static func json(_ report: MedicalReport) -> String {
        func amount(_ value: Yen?) -> JSONValue { value.map { .integer($0.amount) } ?? .null }
        let rows: [JSONValue] = report.rows.map { row in
            .object([
                ("person", row.person.map(JSONValue.string) ?? .null), ("payee", .string(row.payee)),
                ("kinds", .array(row.kinds.map { .string(key($0)) })), ("paid", .integer(row.paid.amount)),
                ("reimbursed", .integer(row.reimbursed.amount)), ("date", row.date.map { .string($0.iso) } ?? .null), ("count", .integer(row.count)),
            ])
        }
        let better: String =
            switch report.better {
            case .medical: "medical"
            case .selfMedication: "selfMedication"
            case .neither: "neither"
            }
        return JSONRenderer.render(
            .object([
                ("year", .integer(report.year)), ("rows", .array(rows)), ("paid", .integer(report.paid.amount)),
                ("reimbursed", .integer(report.reimbursed.amount)), ("net", .integer(report.net.amount)), ("income", amount(report.income)),
                ("incomeGiven", .bool(report.incomeGiven)), ("threshold", .integer(report.threshold.amount)), ("applies", .bool(report.applies)),
                ("deduction", .integer(report.deduction.amount)), ("medicine", amount(report.medicine)),
                ("selfMedication", amount(report.selfMedication)), ("better", .string(better)),
            ]))
    }

    /// The form's columns B to J for each row: person, payee, 該当する under each kind, paid, reimbursed, date.
    static func cells(_ row: MedicalReport.Row) -> [XLSXWorkbook.Value] {
        [.text(row.person ?? ""), .text(row.payee)] + MedicalReport.Kind.allCases.map { .text(row.kinds.contains($0) ? applicable : "") }
            + [.number(row.paid.amount), .number(row.reimbursed.amount), .text(row.date.map(\.iso) ?? "")]
    }

    /// Tab-separated, the form's headings first: rows to paste into the form from cell B9 (a payee a spreadsheet would
    /// run as a formula escaped, as in CSV).
    public static func tsv(_ report: MedicalReport) -> String {
        func field(_ value: XLSXWorkbook.Value) -> String {
            switch value {
            case .number(let number): String(number)
            case .text(let text): SpreadsheetCell.text(String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 }))
            }
        }
        var out = headings.joined(separator: "\t") + "\n"
        for row in report.rows { out += cells(row).map(field).joined(separator: "\t") + "\n" }
        return out
    }

    /// The workbook: the title and totals above, the headings in row 8 and one row per person and payee from row 9.
    public static func workbook(_ report: MedicalReport) -> XLSXWorkbook {
        var book = XLSXWorkbook(sheetName: "医療費集計フォーム")
        book.set(row: 1, column: 2, .text("医療費集計フォーム（\(report.year)年分・kakeibo）"))
        book.set(row: 5, column: 7, .text("合計"))
        book.set(row: 5, column: 8, .number(report.paid.amount))
        book.set(row: 5, column: 9, .number(report.reimbursed.amount))
        for (offset, heading) in headings.enumerated() { book.set(row: 8, column: 2 + offset, .text(heading)) }
        for (index, row) in report.rows.enumerated() {
            for (offset, value) in cells(row).enumerated() { book.set(row: 9 + index, column: 2 + offset, value) }
        }
        book.widths = [2: 16, 3: 28, 4: 12, 5: 12, 6: 16, 7: 14, 8: 20, 9: 22, 10: 12]
        return book
    }
}
