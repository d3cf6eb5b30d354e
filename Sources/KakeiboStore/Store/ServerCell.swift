import KakeiboValues

/// The household server keeps each household setting in one spreadsheet cell (a cell holds 50,000 characters; the
/// server takes at most 45,000, `MAX_SETTING_CHARS` in server/Code.gs): the store's files that sync as one setting
/// (budgets.json, fixed.json, rules.json, accounts.json, and notes.json a year at a time) are held to it when they
/// change, so a setting that could never sync is refused at entry instead.
public enum ServerCell {
    /// The longest setting the server keeps, in UTF-16 code units as it counts.
    public static let limit = 45_000

    /// The store's files whose whole text is one setting.
    static let wholeFiles: Set<String> = ["budgets.json", "fixed.json", "rules.json", "accounts.json"]

    /// The settings a file's value makes (its name, or `notes-YEAR`), each with its length, as the server counts it.
    static func lengths<Value, Context>(_ file: SettingsFile<Value, Context>, _ value: Value, _ context: Context) -> [String: Int] {
        if wholeFiles.contains(file.name) { return [file.name: String(decoding: file.encode(value, context), as: UTF8.self).utf16.count] }
        guard file.name == "notes.json", let notes = value as? [YearMonth: String], let notesFile = file as? SettingsFile<[YearMonth: String], Void>
        else { return [:] }
        var lengths: [String: Int] = [:]
        for (year, months) in Dictionary(grouping: notes, by: \.key.year) {
            let text = String(decoding: notesFile.encode(Dictionary(uniqueKeysWithValues: months.map { ($0.key, $0.value) }), ()), as: UTF8.self)
            lengths["notes-\(year)"] = text.utf16.count
        }
        return lengths
    }

    /// Refuses a change that makes a setting longer than the server keeps (one already longer may still shrink).
    package static func check<Value, Context>(_ file: SettingsFile<Value, Context>, before: Value, after: Value, _ context: Context) throws {
        let old = lengths(file, before, context)
        for (setting, length) in lengths(file, after, context).sorted(by: { $0.key < $1.key })
        where length > limit && length > old[setting] ?? 0 {
            throw SettingTooLarge(setting: setting, length: length)
        }
    }
}

/// A change that would make a household setting longer than the server's cell keeps: refused (exit 2), nothing written.
public struct SettingTooLarge: KakeiboFailure, Equatable {
    /// The file (`rules.json`) or the year of notes (`notes-2024`).
    public var setting: String
    public var length: Int

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        let count = Yen(length).grouped
        let limit = Yen(ServerCell.limit).grouped
        return language.pick(
            "this would make \(setting) \(count) characters, more than the household server keeps of a setting (\(limit), one spreadsheet cell): it could never sync; nothing changed (remove entries no longer needed first)",
            "\(setting) が \(count) 文字になり、家計簿サーバーがひとつの設定に保存できる長さ（\(limit) 文字、シートのセル 1 つ）を超えます。同期できないので何も変更していません（先に不要な項目を削除してください）")
    }
}
