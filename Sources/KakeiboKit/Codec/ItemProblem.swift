/// What is wrong with one field of one item in a file.
public enum FieldProblem: Error, Equatable, Sendable {
    case missing
    case wrongType(expected: ExpectedType)
    case invalid(ValueError)
    case syntax(JSONError)
    case unknownField
    case duplicateField
    case unknownSyncState(String)
    case invalidTimestamp(String)

    public enum ExpectedType: Sendable, Equatable {
        case object, string, wholeNumber, wholeNumberOrNull, stringOrNumber

        func describe(_ language: Language) -> String {
            switch self {
            case .object: return language.pick("an object", "オブジェクト")
            case .string: return language.pick("a string", "文字列")
            case .wholeNumber: return language.pick("a whole number", "整数")
            case .wholeNumberOrNull: return language.pick("a whole number or null", "整数か null")
            case .stringOrNumber: return language.pick("a string or a number", "文字列か数")
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
        case .invalidTimestamp(let text):
            return language.pick("not a timestamp: '\(text)'", "日時ではありません: '\(text)'")
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

/// Reads one field's value from a scanner, turning JSON errors into field problems.
struct FieldReader {
    var field: String

    func string(_ scanner: inout JSONScanner) throws(FieldProblem) -> String {
        guard try kind(&scanner) == .string else { throw .wrongType(expected: .string) }
        do { return try scanner.readString() } catch { throw .syntax(error) }
    }

    func integer(_ scanner: inout JSONScanner) throws(FieldProblem) -> Int {
        guard try kind(&scanner) == .number else { throw .wrongType(expected: .wholeNumber) }
        do { return try scanner.readInteger() } catch {
            if error.problem == .notAnInteger { throw .wrongType(expected: .wholeNumber) }
            throw .syntax(error)
        }
    }

    func optionalInteger(_ scanner: inout JSONScanner) throws(FieldProblem) -> Int? {
        if scanner.readNull() { return nil }
        guard try kind(&scanner) == .number else { throw .wrongType(expected: .wholeNumberOrNull) }
        return try integer(&scanner)
    }

    /// A "YYYY-MM-DD" date (with `compact`, also the server's "YYYYMMDD"), read from the string's bytes.
    func date(_ scanner: inout JSONScanner, compact: Bool = false) throws(FieldProblem) -> CalendarDate {
        try parsed(&scanner) { utf8 in
            do throws(ValueError) {
                return .success(compact ? try CalendarDate.parseCompact(utf8: utf8) : try CalendarDate.parseISO(utf8: utf8))
            } catch { return .failure(.invalid(error)) }
        }
    }

    /// A "YYYY-MM-DDTHH:MM:SS.fffZ" timestamp, read from the string's bytes.
    func timestamp(_ scanner: inout JSONScanner) throws(FieldProblem) -> Timestamp {
        try parsed(&scanner) { utf8 in
            Timestamp.parse(utf8: utf8).map { .success($0) } ?? .failure(.invalidTimestamp(String(decoding: utf8, as: UTF8.self)))
        }
    }

    private func parsed<T>(
        _ scanner: inout JSONScanner, _ parse: (UnsafeBufferPointer<UInt8>) -> Result<T, FieldProblem>
    ) throws(FieldProblem) -> T {
        guard try kind(&scanner) == .string else { throw .wrongType(expected: .string) }
        let result: Result<T, FieldProblem>
        do { result = try scanner.readString(parse) } catch { throw .syntax(error) }
        return try result.get()
    }

    func kind(_ scanner: inout JSONScanner) throws(FieldProblem) -> JSONScanner.Kind {
        do { return try scanner.peekKind() } catch { throw .syntax(error) }
    }
}
