import KakeiboKit

/// One option as help, completion and the man page see it. Commands declare `Option` and `Flag` values, which carry
/// one of these and, for a value option, how to parse it.
package struct OptionSpec: Sendable {
    package var name: String
    /// The placeholder for its value ("CAT"), or nil for a flag.
    package var value: String?
    package var help: LocalizedText
    /// Shown without brackets in the synopsis; the command checks it is given.
    package var required: Bool
    /// May be given more than once (`--tag 旅行 --tag 帰省`); every value is kept, in order.
    package var repeatable: Bool

    package init(_ name: String, value: String? = nil, help: LocalizedText, required: Bool = false, repeatable: Bool = false) {
        self.name = name
        self.value = value
        self.help = help
        self.required = required
        self.repeatable = repeatable
    }

    /// "--sort date|price", "--desc", "--tag NAME…" (one that may be repeated).
    package var label: String { (value.map { "\(name) \($0)" } ?? name) + (repeatable ? "…" : "") }
}

/// Something a command lists among its options.
package protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// An option that takes a value, declared once with its type: `arguments[Self.sort]` is an `ItemOrder.Key?`.
package struct Option<Value>: OptionDeclaration {
    package let spec: OptionSpec
    let parse: @Sendable (String) throws -> Value

    package init(
        _ name: String, value placeholder: String, help: LocalizedText, required: Bool = false, repeatable: Bool = false,
        parse: @escaping @Sendable (String) throws -> Value
    ) {
        spec = OptionSpec(name, value: placeholder, help: help, required: required, repeatable: repeatable)
        self.parse = parse
    }

    package var name: String { spec.name }
}

/// An option without a value: `arguments[Self.desc]` is a `Bool`.
package struct Flag: OptionDeclaration {
    package let spec: OptionSpec

    package init(_ name: String, help: LocalizedText) { spec = OptionSpec(name, help: help) }

    package var name: String { spec.name }
}

extension Option where Value == String {
    /// Text taken as it is (a name, an id, a URL checked later against settings).
    package init(_ name: String, value placeholder: String, help: LocalizedText, required: Bool = false) {
        self.init(name, value: placeholder, help: help, required: required) { $0 }
    }

    /// `--category CAT[/SUB]`: a key or name, resolved against the taxonomy once the command has it.
    package static func category(help: LocalizedText) -> Option<String> {
        Option("--category", value: "CAT[/SUB]", help: help)
    }
}

extension Option {
    /// One of an enumeration's cases, by its raw value (case-insensitive); the placeholder lists them.
    package static func choice(_ name: String, _ cases: [Value], help: LocalizedText) -> Option<Value>
    where Value: RawRepresentable & Sendable, Value.RawValue == String {
        let words = cases.map { $0.rawValue } // a closure: a key path here is built at run time (docs/performance.md)
        return Option(name, value: words.joined(separator: "|"), help: help) { text in
            guard let value = cases.first(where: { $0.rawValue == text.lowercased() }) else {
                throw UsageError.invalidChoice(option: name, value: text, choices: words)
            }
            return value
        }
    }
}

extension Option where Value == DayExpression {
    /// The forms a day may be typed in (`DayExpression`), said by every option that takes one.
    static let dayForms = LocalizedText(
        en: "2024-12-01, 2024/12/1, 2024.12.1, R6.12.1, 令和6年12月1日 (H, S too), 12/1 or 12月1日 (the nearest), today, yesterday, 一昨日, 明日",
        ja: "2024-12-01、2024/12/1、2024.12.1、R6.12.1、令和6年12月1日（H・S も）、12/1・12月1日（いちばん近い日）、今日、昨日、一昨日、明日")

    /// `--date D`: what the day is for, then the forms it may be typed in.
    package static func date(_ purpose: LocalizedText) -> Option<DayExpression> {
        Option("--date", value: "D", help: purpose.with(dayForms)) { try DayExpression.parse($0) }
    }
}

extension LocalizedText {
    /// "purpose: forms" in each language.
    func with(_ forms: LocalizedText) -> LocalizedText { LocalizedText(en: en + ": " + forms.en, ja: ja + ": " + forms.ja) }
}

extension Option where Value == PeriodExpression {
    /// A month or a year in the one period grammar, read against the clock when the command has it.
    package static func period(_ name: String, value placeholder: String, as kind: Period.Kind, help: LocalizedText) -> Option<PeriodExpression> {
        Option(name, value: placeholder, help: help) { text in
            guard let expression = try PeriodExpression.parse([text], as: kind) else { throw PeriodError.form(text, kind) }
            return expression
        }
    }
}

extension Option where Value == Yen {
    /// A price in whole yen (178, 1,899, -500).
    package static func price(_ name: String, value placeholder: String, help: LocalizedText) -> Option<Yen> {
        Option(name, value: placeholder, help: help) { try Yen.parsePrice($0) }
    }
}

extension Option where Value == Int {
    /// A whole number from 1 to `maximum`.
    package static func count(_ name: String, value placeholder: String, maximum: Int, help: LocalizedText, required: Bool = false) -> Option<Int> {
        Option(name, value: placeholder, help: help, required: required) { try Parse.count($0, name: name, maximum: maximum) }
    }
}

extension Option where Value == Hundredths {
    /// A decimal with at most two places (42.5 km), from 0 to `maximum`.
    package static func decimal(_ name: String, value placeholder: String, maximum: Int, help: LocalizedText) -> Option<Hundredths> {
        Option(name, value: placeholder, help: help, required: true) { try Hundredths.parse($0, name: name, maximum: maximum) }
    }
}

/// One positional argument, or a note on a form it may take (shown under Arguments, not in the synopsis).
package struct Argument: Sendable {
    package enum Presence: Sendable {
        case required
        case optional
        /// Another spelling of an argument above it ("YYYY-MM", "-N"): documented, not a separate word.
        case note
    }

    package var name: String
    package var help: LocalizedText
    package var presence: Presence
    /// How many words it may take: a period is `2024 12` or `2024-12`.
    package var words: Int

    package init(_ name: String, _ help: LocalizedText, _ presence: Presence = .required, words: Int = 1) {
        self.name = name
        self.help = help
        self.presence = presence
        self.words = words
    }
}
