import KakeiboValues

/// Messages every versioned file of the store shares, so each reads the same wherever it is reported.
enum SchemaText {
    /// A file written by a newer kakeibo: what it found and what this one understands.
    static func newer(found: Int, understood: Int, _ language: Language) -> String {
        language.pick(
            "schema version \(found) is newer than this kakeibo understands (\(understood)); upgrade kakeibo",
            "スキーマのバージョン \(found) はこの kakeibo（\(understood)）より新しいです。kakeibo を更新してください")
    }
}
