import KakeiboKit

/// The values behind the month-in-context commands' arguments: counts, and options that go together.
extension Parse {
    /// A whole number from 1 to `maximum` given for `name` ("--months", "N").
    package static func count(_ typed: String, name: String, maximum: Int) throws(ContextArgumentError) -> Int {
        let text = TypedNumber.digits(typed)
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), text.count <= 9, let value = Int(text), (1...maximum).contains(value) else {
            throw .count(name: name, text: typed, maximum: maximum)
        }
        return value
    }

    /// Refuses options that only mean something with `--add` when `--add` is missing.
    package static func requireAdd(_ arguments: ParsedArguments, _ add: Flag, for options: [any OptionDeclaration]) throws(ContextArgumentError) {
        if !arguments[add], let option = options.first(where: { arguments.given($0) }) {
            throw .needsAdd(option.spec.name)
        }
    }
}

/// A count or option combination the month-in-context commands can't use: exit 2.
package enum ContextArgumentError: KakeiboFailure, Equatable {
    case count(name: String, text: String, maximum: Int)
    case needsAdd(String)
    case trendBeforeYearOne(months: Int, end: String)
    case eitherOr(String, String)

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        switch self {
        case .count(let name, let text, let maximum):
            return language.pick(
                "\(name) must be a whole number from 1 to \(Yen(maximum).grouped), got '\(text)'",
                "\(name) は 1〜\(Yen(maximum).grouped) の整数で指定してください（指定: '\(text)'）")
        case .needsAdd(let option):
            return language.pick("\(option) only applies with --add", "\(option) は --add と一緒に指定してください")
        case .trendBeforeYearOne(let months, let end):
            return language.pick(
                "the \(months) months ending \(end) would start before year 1",
                "\(end) までの \(months) か月は 1 年より前から始まってしまいます")
        case .eitherOr(let first, let second):
            return language.pick("give \(first) or \(second), not both", "\(first) と \(second) はどちらか一方だけ指定してください")
        }
    }
}
