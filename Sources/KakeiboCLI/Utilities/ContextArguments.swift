import KakeiboKit

/// The values behind the month-in-context commands' arguments: month names and counts.
extension Parse {
    /// A month as the command line names it: nothing (this month), `YEAR MONTH`, `YYYY-MM`, `this`, `prev`, `next`,
    /// or `-N` (N months back from this month). `今月`, `先月` and `来月` work too.
    public static func month(_ words: [String], today: YearMonth) throws -> YearMonth {
        switch words.count {
        case 0: return today
        case 2: return try yearMonth(words[0], words[1])
        case 1: break
        default: throw ContextArgumentError.monthForm(words.joined(separator: " "))
        }
        let word = words[0]
        var result: YearMonth?
        switch word.lowercased() {
        case "this", "今月": result = today
        case "prev", "previous", "last", "先月": result = today.previous
        case "next", "来月": result = today.next
        default:
            let parts = word.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].isEmpty, !parts[1].isEmpty, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) {
                result = Int(parts[1]).flatMap { $0 <= 120_000 ? today.adding(months: -$0) : nil }
            } else if parts.count == 2, parts[0].count == 4, parts[1].count == 2, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }) {
                return try yearMonth(String(parts[0]), String(parts[1]))
            } else {
                throw ContextArgumentError.monthForm(word)
            }
        }
        guard let result else { throw ContextArgumentError.monthOutOfRange(word) }
        return result
    }

    /// A whole number from 1 to `maximum` given for `name` ("--months", "N").
    public static func count(_ text: String, name: String, maximum: Int) throws(ContextArgumentError) -> Int {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), text.count <= 9, let value = Int(text), (1...maximum).contains(value) else {
            throw .count(name: name, text: text, maximum: maximum)
        }
        return value
    }

    /// Refuses options that only mean something with `--add` when `--add` is missing.
    public static func requireAdd(_ arguments: ParsedArguments, for options: [String]) throws(ContextArgumentError) {
        if !arguments.has("--add"), let option = options.first(where: { arguments.value($0) != nil }) {
            throw .needsAdd(option)
        }
    }
}

/// A month name, count or option combination the month-in-context commands can't use: exit 2.
public enum ContextArgumentError: KakeiboFailure, Equatable {
    case monthForm(String)
    case monthOutOfRange(String)
    case count(name: String, text: String, maximum: Int)
    case needsAdd(String)
    case trendBeforeYearOne(months: Int, end: String)
    case eitherOr(String, String)

    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .monthForm(let text):
            return language.pick(
                "a month is YEAR MONTH (2024 12), YYYY-MM (2024-12), this, prev, next or -N (N months back), got '\(text)'",
                "月は YEAR MONTH（2024 12）、YYYY-MM（2024-12）、今月、先月、来月、-N（N か月前）のいずれかで指定してください（指定: '\(text)'）")
        case .monthOutOfRange(let text):
            return language.pick(
                "'\(text)' falls outside the months kakeibo keeps (0001-01 to 9999-12)",
                "'\(text)' は kakeibo が扱える月（0001-01〜9999-12）の外です")
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
