/// The two languages kakeibo speaks; every label and message exists in both.
public enum Language: String, Sendable, CaseIterable {
    case en
    case ja

    /// Picks the language from the POSIX locale variables (LC_ALL, LC_MESSAGES, LANG, first one set):
    /// Japanese when it starts with `ja`, English otherwise.
    public static func fromLocale(_ environment: Environment) -> Language {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[key], !value.isEmpty {
                return value.lowercased().hasPrefix("ja") ? .ja : .en
            }
        }
        return .en
    }

    /// Chooses between an English and a Japanese text.
    @inlinable
    public func pick(_ en: @autoclosure () -> String, _ ja: @autoclosure () -> String) -> String {
        self == .ja ? ja() : en()
    }
}

/// A text in both languages.
public struct LocalizedText: Hashable, Sendable {
    public var en: String
    public var ja: String

    public init(en: String, ja: String) {
        self.en = en
        self.ja = ja
    }

    public func callAsFunction(_ language: Language) -> String {
        language == .ja ? ja : en
    }
}
