import KakeiboOperations
import KakeiboStore
import KakeiboValues

/// What an import left as the user has it, in words and as JSON: the lines the file now gives otherwise (the file's
/// values shown, not applied), and the lines the user deleted or moved, not brought back.
enum KeptLinesRenderer {
    /// Lines for an import's summary; none when the file agreed with everything here.
    static func text(_ kept: [KeptLine], removedHere: Int, _ language: Language) -> [String] {
        var lines: [String] = []
        if removedHere > 0 {
            lines.append(
                language.pick(
                    "Not brought back: \(removedHere) \(removedHere == 1 ? "line" : "lines") you deleted or moved to another month",
                    "削除または別の月に移した \(removedHere) 件は取り込み直しません"))
        }
        guard !kept.isEmpty else { return lines }
        lines.append(
            language.pick(
                "Kept as you have them: \(kept.count) \(kept.count == 1 ? "line" : "lines") the file gives otherwise (the file's values, not applied):",
                "手元の内容のまま残した \(kept.count) 件（ファイルの値は反映していません）:"))
        for line in kept.prefix(MatchRenderer.listed) {
            let differences = fields(line).map { name, file, yours in
                language.pick("\(name.en) \(file) (yours \(yours))", "\(name.ja) \(file)（手元は \(yours)）")
            }
            lines.append(terminalSafe("  \(MatchRenderer.short(line.kept.id)): " + differences.joined(separator: language.pick(", ", "、"))))
        }
        if kept.count > MatchRenderer.listed {
            lines.append(language.pick("  … and \(kept.count - MatchRenderer.listed) more", "  … ほか \(kept.count - MatchRenderer.listed) 件"))
        }
        return lines
    }

    /// `"kept": [{"id", "file": {"date","name","price","category","memo"}, "yours": {…}}]`, `"removedHere": N`.
    static func json(_ kept: [KeptLine], removedHere: Int) -> [(String, JSONValue)] {
        [("kept", keptJSON(kept)), ("removedHere", .integer(removedHere))]
    }

    static func keptJSON(_ kept: [KeptLine]) -> JSONValue {
        .array(
            kept.map { line -> JSONValue in
                let fields: [(String, JSONValue)] = [("id", .string(line.kept.id)), ("file", values(line.file)), ("yours", values(line.kept))]
                return .object(fields)
            })
    }

    private static func values(_ item: Item) -> JSONValue {
        let memo: JSONValue = item.details.memo.map(JSONValue.string) ?? .null
        let fields: [(String, JSONValue)] = [
            ("date", .string(item.date.iso)), ("name", .string(item.name)), ("price", .integer(item.price.amount)),
            ("category", .string(code(item.category))), ("memo", memo),
        ]
        return .object(fields)
    }

    /// The fields the file gives otherwise: its name, the file's value, the store's.
    private static func fields(_ line: KeptLine) -> [(name: (en: String, ja: String), file: String, yours: String)] {
        let (file, yours) = (line.file, line.kept)
        var found: [(name: (en: String, ja: String), file: String, yours: String)] = []
        if file.date != yours.date { found.append((("date", "日付"), file.date.iso, yours.date.iso)) }
        if file.name != yours.name { found.append((("name", "名前"), file.name, yours.name)) }
        if file.price != yours.price { found.append((("price", "金額"), "¥\(file.price.amount)", "¥\(yours.price.amount)")) }
        if file.category != yours.category { found.append((("category", "カテゴリ"), code(file.category), code(yours.category))) }
        if file.details.memo != yours.details.memo { found.append((("memo", "メモ"), file.details.memo ?? "-", yours.details.memo ?? "-")) }
        if found.isEmpty { found.append((("details", "詳細"), "…", "…")) }
        return found
    }

    private static func code(_ category: CategoryCode) -> String {
        category.subcategory.map { "\(category.category).\($0)" } ?? "\(category.category)"
    }
}
