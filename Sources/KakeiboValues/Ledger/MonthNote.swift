/// The household's note on a month (振り返り): free text, line breaks allowed, nothing else that moves a terminal.
public enum MonthNote {
    public static let maximumLength = 2000

    /// The note trimmed; "" means no note. Refuses control characters other than a line break, and notes over
    /// `maximumLength` characters.
    public static func validate(_ text: String) throws(NoteError) -> String {
        let trimmed = trimWhitespace(text)
        if let bad = trimmed.unicodeScalars.first(where: { $0 != "\n" && ItemName.isControl($0) }) {
            throw .controlCharacter(bad.value)
        }
        let count = trimmed.count
        guard count <= maximumLength else { throw .tooLong(count: count) }
        return trimmed
    }
}

/// A note that cannot be saved.
public enum NoteError: KakeiboFailure, Equatable {
    case tooLong(count: Int)
    case controlCharacter(UInt32)
    /// The year's notes, as they sync, would be longer than the household server keeps in one setting.
    case yearTooLong(year: Int, length: Int, limit: Int)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .tooLong(let count):
            return language.pick(
                "a note can be at most \(MonthNote.maximumLength) characters, got \(count)",
                "メモは \(MonthNote.maximumLength) 文字までです（\(count) 文字）")
        case .controlCharacter(let value):
            let hex = String(value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return language.pick(
                "a note can hold line breaks but no other control characters, got \(code)", "メモには改行以外の制御文字を使えません（\(code)）")
        case .yearTooLong(let year, let length, let limit):
            return language.pick(
                "\(year)'s notes would be \(length) characters as they sync, more than the household server keeps for a year (\(limit)); shorten this one or another of \(year)",
                "\(year) 年のメモが同期する形で \(length) 文字になり、サーバーが 1 年分として保存できる \(limit) 文字を超えます。このメモか \(year) 年のほかのメモを短くしてください")
        }
    }
}
