/// The words of what an import did to the household's settings (the items' line is `MergeOutcome.text`).
public enum ImportRenderer {
    /// "Settings: 2 budgets, 1 fixed cost, 0 notes set".
    public static func text(_ merged: SettingsMerged, _ language: Language) -> String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
        return language.pick(
            "Settings: \(count(merged.budgets, "budget", "budgets")), \(count(merged.fixed, "fixed cost", "fixed costs")), \(count(merged.notes, "note", "notes")) set",
            "設定: 予算 \(merged.budgets) 件、固定費 \(merged.fixed) 件、メモ \(merged.notes) 件を設定しました")
    }

    /// `budgets`, `fixed`, `notes`: how many of each the import set.
    public static func jsonFields(_ merged: SettingsMerged) -> [(String, JSONValue)] {
        [("budgets", .integer(merged.budgets)), ("fixed", .integer(merged.fixed)), ("notes", .integer(merged.notes))]
    }
}
