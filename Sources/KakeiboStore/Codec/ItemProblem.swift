import KakeiboValues

/// What is wrong with one field of one item in a file.
public enum FieldProblem: Error, Equatable, Sendable {
    case missing
    case wrongType(expected: ExpectedType)
    case invalid(ValueError)
    case syntax(JSONError)
    case unknownField
    case duplicateField
    case unknownSyncState(String)
    case unknownMemberOrigin(String)
    case invalidTimestamp(String)
    case detail(DetailError)
    case tag(TagError)
    case legs(PaymentLegError)

    public enum ExpectedType: Sendable, Equatable {
        case object, string, wholeNumber, wholeNumberOrNull, stringOrNumber
        case boolean
        case arrayOfStrings
        case arrayOfLegs

        func describe(_ language: Language) -> String {
            switch self {
            case .object: return language.pick("an object", "オブジェクト")
            case .string: return language.pick("a string", "文字列")
            case .wholeNumber: return language.pick("a whole number", "整数")
            case .wholeNumberOrNull: return language.pick("a whole number or null", "整数か null")
            case .stringOrNumber: return language.pick("a string or a number", "文字列か数")
            case .boolean: return language.pick("true or false", "true か false")
            case .arrayOfStrings: return language.pick("an array of strings", "文字列の配列")
            case .arrayOfLegs:
                return language.pick(
                    "an array of {\"payment\": text, \"price\": whole number}", "{\"payment\": 文字列, \"price\": 整数} の配列")
            }
        }
    }

    public func message(in language: Language) -> String {
        switch self {
        case .missing: return language.pick("missing", "ありません")
        case .wrongType(let expected):
            return language.pick("expected \(expected.describe(language))", "\(expected.describe(language))が必要です")
        case .invalid(let error): return error.message(in: language)
        case .syntax(let error): return error.message(in: language)
        case .unknownField: return language.pick("unknown field", "不明なフィールドです")
        case .duplicateField: return language.pick("given twice", "2 回指定されています")
        case .unknownSyncState(let text):
            return language.pick("unknown sync state '\(text)'", "不明な同期状態 '\(text)'")
        case .unknownMemberOrigin(let text):
            return language.pick(
                "unknown origin of a member '\(terminalSafe(text))' (account, machine or rule)",
                "不明なメンバーの由来 '\(terminalSafe(text))'（account、machine か rule）")
        case .invalidTimestamp(let text):
            return language.pick("not a timestamp: '\(text)'", "日時ではありません: '\(text)'")
        case .detail(let error): return error.message(in: language)
        case .tag(let error): return error.message(in: language)
        case .legs(let error): return error.message(in: language)
        }
    }
}

/// A problem with one item of an array of items: its index (from 0, as jq counts), its id if known, and the field.
public struct ItemProblem: Equatable, Sendable, Error {
    public var index: Int
    public var id: String?
    public var field: String?
    public var problem: FieldProblem

    public init(index: Int, id: String? = nil, field: String?, problem: FieldProblem) {
        self.index = index
        self.id = id
        self.field = field
        self.problem = problem
    }

    public func message(in language: Language) -> String {
        var head = language.pick("item [\(index)]", "[\(index)] 番のデータ")
        if let id { head += " (id \(id))" }
        if let field { head += ": \(field)" }
        return head + ": " + problem.message(in: language)
    }
}
