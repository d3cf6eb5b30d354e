/// Tags on items (旅行, 帰省, 医療), as people type them: a leading `#` or `＃` is not part of the tag, and two
/// spellings that differ only in width or case (Ｔｒａｖｅｌ, travel, TRAVEL) are one tag, shown as first written.
public enum Tags {
    /// The most characters a tag may have (after the `#` is taken off).
    public static let maximumLength = 20
    /// The most tags an item may carry.
    public static let maximumCount = 10
    /// What reading the household server (and a store's synced items) takes: a tag typed into the sheet may be longer,
    /// and a cell may hold more, than kakeibo lets anyone type here; the row is pulled as the sheet has it.
    public static let liberal = (length: 200, count: 40)

    /// Trims whitespace, takes off the leading `#`/`＃`, and checks the rules: not empty, at most `maximumLength`
    /// characters (`length`), no control characters, and no space, comma or colon inside (a tag is one word in a CSV
    /// cell, the household sheet's tags cell and a ledger `:tag:`).
    /// At `entry` (typed or imported) the tag is made what syncs (`SyncLimits`) and counted in code points.
    public static func validate(_ raw: String, length: Int = maximumLength, entry: Bool = true) throws(TagError) -> String {
        func trim(_ text: String) -> String { entry ? SyncLimits.normalized(text) : trimWhitespace(text) }
        var text = trim(raw)
        while let first = text.unicodeScalars.first, first == "#" || first == "＃" {
            text = trim(String(text.unicodeScalars.dropFirst()))
        }
        guard !text.isEmpty else { throw .empty }
        guard !text.unicodeScalars.contains(where: ItemName.isControl) else { throw .controlCharacter }
        let count = entry ? text.unicodeScalars.count : text.count
        guard count <= length else { throw .tooLong(count: count) }
        let folded = WidthFold.fold(text)
        guard !folded.unicodeScalars.contains(where: { isWhitespace($0) || $0 == "," || $0 == ":" || $0 == "、" }) else {
            throw .separator(text)
        }
        return text
    }

    /// What two spellings of one tag share: the text with full-width letters and digits and half-width kana folded
    /// (see `WidthFold`) and lower-cased. Hiragana and katakana stay apart (たび is not タビ).
    public static func key(_ tag: String) -> String { WidthFold.fold(tag).lowercased() }

    /// `tags` with `more` added after them, each tag once: a tag already there (in any spelling) keeps its spelling.
    public static func adding(_ more: [String], to tags: [String]) -> [String] {
        var keys = Set(tags.map(key))
        var out = tags
        for tag in more where keys.insert(key(tag)).inserted { out.append(tag) }
        return out
    }

    /// `tags` without those `removed` names, in any spelling.
    public static func removing(_ removed: [String], from tags: [String]) -> [String] {
        let keys = Set(removed.map(key))
        return tags.filter { !keys.contains(key($0)) }
    }

    /// The tag that marks an item counted in its year but not in its month (Zaim's 集計の設定 年の集計にのみ含める:
    /// an annual tax, a yearly insurance premium): `year` counts it, `month` and its budgets leave it out. A tag, so
    /// that it syncs, exports and can be put on or taken off any item like any other (`kakeibo edit ID --tag …`).
    public static let yearOnly = "年の集計にのみ含める"

    /// Whether `tags` hold the tag, in any spelling.
    public static func contains(_ tags: [String], _ tag: String) -> Bool {
        let wanted = key(tag)
        return tags.contains { key($0) == wanted }
    }

    /// The tags checked one by one, each once, at most `maximumCount` of them (`count`).
    public static func validateAll(
        _ raw: [String], length: Int = maximumLength, count: Int = maximumCount, entry: Bool = true
    ) throws(TagError) -> [String] {
        var tags: [String] = []
        for text in raw { tags = adding([try validate(text, length: length, entry: entry)], to: tags) }
        guard tags.count <= count else { throw .tooMany(count: tags.count) }
        return tags
    }
}

/// A tag that can't be recorded (exit 2 on the command line).
public enum TagError: KakeiboFailure, Equatable {
    case empty
    case tooLong(count: Int)
    case controlCharacter
    case separator(String)
    case tooMany(count: Int)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .empty: return language.pick("a tag must not be empty", "タグが空です")
        case .tooLong(let count):
            return language.pick(
                "a tag must be at most \(Tags.maximumLength) characters, got \(count)", "タグは \(Tags.maximumLength) 文字以内にしてください（\(count) 文字）")
        case .controlCharacter: return language.pick("a tag must not contain control characters", "タグに制御文字は使えません")
        case .separator(let text):
            return language.pick(
                "a tag is one word: no spaces, commas or colons in '\(text)' (give --tag once for each tag)",
                "タグは 1 語です。'\(text)' に空白・カンマ・コロンは使えません（タグごとに --tag を指定してください）")
        case .tooMany(let count):
            return language.pick(
                "an item may have at most \(Tags.maximumCount) tags, got \(count)", "タグは 1 件に \(Tags.maximumCount) 個までです（\(count) 個）")
        }
    }
}
