import KakeiboValues

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

    /// A whole number (1, 1.0, 1e0), or none for anything else, as `try? decode(Int.self, …)` reads it.
    func appSubcategory(_ scanner: inout JSONScanner) throws(FieldProblem) -> Int? {
        let isNumber = try kind(&scanner) == .number
        do throws(JSONError) {
            guard isNumber else {
                try scanner.skipValue()
                return nil
            }
            let value = try scanner.readDouble()
            guard value.rounded() == value, value.magnitude < 0x1p63 else { return nil }
            return Int(value)
        } catch { throw .syntax(error) }
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
