import KakeiboValues

/// Where and why JSON text could not be read.
public struct JSONError: Error, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        case unexpectedEnd
        case expected(String)
        case invalidUTF8
        case controlCharacterInString
        case invalidEscape
        case notAnInteger
        case integerTooLarge
        case tooDeep
        case trailingContent
    }

    public var problem: Problem
    public var line: Int
    public var column: Int

    public func message(in language: Language) -> String {
        let place = language.pick("line \(line), column \(column)", "\(line) 行 \(column) 列")
        let what: String
        switch problem {
        case .unexpectedEnd: what = language.pick("the text ends too early", "途中で終わっています")
        case .expected(let thing): what = language.pick("expected \(thing)", "\(JSONError.japanese(thing)) が必要です")
        case .invalidUTF8: what = language.pick("not valid UTF-8", "UTF-8 として正しくありません")
        case .controlCharacterInString:
            what = language.pick("unescaped control character in a string", "文字列にエスケープされていない制御文字があります")
        case .invalidEscape: what = language.pick("invalid escape in a string", "文字列のエスケープが不正です")
        case .notAnInteger: what = language.pick("expected a whole number", "整数が必要です")
        case .integerTooLarge: what = language.pick("number too large", "数が大きすぎます")
        case .tooDeep: what = language.pick("nested too deeply", "入れ子が深すぎます")
        case .trailingContent: what = language.pick("unexpected text after the end", "末尾に余分な文字があります")
        }
        return "\(place): \(what)"
    }

    /// What the reader expected, in Japanese (the reader names it in English where it stops).
    static func japanese(_ thing: String) -> String {
        switch thing {
        case "a value": return "値"
        case "a key in double quotes": return "ダブルクォートで囲んだキー"
        case "a string": return "文字列"
        case "a number": return "数"
        case "a digit": return "数字"
        case "true or false": return "true か false"
        case "each key once": return "重複しないキー"
        case "',' or the end of the number": return "',' か数の終わり"
        default: return thing.replacingEvery(" or ", with: " か ") // punctuation such as "',' or '}'"
        }
    }
}

/// A fast, strict pull reader of JSON (RFC 8259) over UTF-8 bytes.
///
/// Callers walk the document (`beginObject`/`nextKey`, `beginArray`/`nextElement`, `readString`, `readInteger`)
/// and decode straight into their own types, so reading a month of thousands of items builds no intermediate tree.
/// Foundation's JSONDecoder reads ~20 MB/s here; this reads several times faster.
public struct JSONScanner {
    /// What the next value is.
    public enum Kind: Equatable, Sendable { case object, array, string, number, bool, null }

    private let bytes: UnsafeBufferPointer<UInt8>
    public private(set) var position = 0
    /// How many bytes are left to read.
    public var remaining: Int { bytes.count - position }
    /// For each open object or array: whether a comma must come before the next member.
    private var needsComma: [Bool] = []
    private static let maximumDepth = 256

    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A byte-order mark is not JSON, but editors write one; skip it.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    // MARK: Structure

    public mutating func peekKind() throws(JSONError) -> Kind {
        skipWhitespace()
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error(.expected("a value"))
        }
    }

    public mutating func beginObject() throws(JSONError) {
        try consume(UInt8(ascii: "{"), "'{'")
        try push()
    }

    /// The next key of the current object, or nil when the object ends (its '}' consumed).
    public mutating func nextKey() throws(JSONError) -> String? {
        guard try openKey() else { return nil }
        let key = try readString()
        try consume(UInt8(ascii: ":"), "':'")
        return key
    }

    /// Moves to the opening quote of the next key and returns true, or consumes the object's '}' and returns false.
    private mutating func openKey() throws(JSONError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        if bytes[position] == UInt8(ascii: "}") {
            position += 1
            needsComma.removeLast()
            return false
        }
        if needsComma[needsComma.count - 1] {
            try consume(UInt8(ascii: ","), "',' or '}'")
            skipWhitespace()
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
            throw error(.expected("a key in double quotes"))
        }
        needsComma[needsComma.count - 1] = true
        return true
    }

    public mutating func beginArray() throws(JSONError) {
        try consume(UInt8(ascii: "["), "'['")
        try push()
    }

    /// Whether another element follows in the current array; false when the array ends (its ']' consumed).
    public mutating func nextElement() throws(JSONError) -> Bool {
        skipWhitespace()
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        if bytes[position] == UInt8(ascii: "]") {
            position += 1
            needsComma.removeLast()
            return false
        }
        if needsComma[needsComma.count - 1] {
            try consume(UInt8(ascii: ","), "',' or ']'")
        }
        needsComma[needsComma.count - 1] = true
        return true
    }

    /// Checks that nothing but whitespace follows the document.
    public mutating func end() throws(JSONError) {
        skipWhitespace()
        guard position == bytes.count else { throw error(.trailingContent) }
    }

    // MARK: Values

    public mutating func readString() throws(JSONError) -> String {
        try consume(UInt8(ascii: "\""), "a string")
        let start = position
        // Fast path: no escapes.
        if let (slice, isASCII) = try scanPlainString() {
            if let string = JSONScanner.string(slice, isASCII: isASCII) { return string }
            position = start
            throw error(.invalidUTF8)
        }
        // Slow path: unescape into a buffer, then validate.
        var buffer = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                guard let string = buffer.withUnsafeBufferPointer({ JSONScanner.string($0, isASCII: false) }) else {
                    position = start
                    throw error(.invalidUTF8)
                }
                return string
            }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { throw error(.unexpectedEnd) }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(escape)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try readHex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    else { throw error(.invalidEscape) }
                    position += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error(.invalidEscape) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw error(.invalidEscape)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw error(.invalidEscape) }
                buffer.append(contentsOf: String(Character(unicode)).utf8)
            default:
                position -= 1
                throw error(.invalidEscape)
            }
        }
        throw error(.unexpectedEnd)
    }

    /// Reads a string and hands its UTF-8 bytes to `body` without making a String when it is plain ASCII, as dates
    /// and times are: a month file holds thousands of them.
    public mutating func readString<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) throws(JSONError) -> R {
        let start = position
        try consume(UInt8(ascii: "\""), "a string")
        if let (slice, isASCII) = try scanPlainString(), isASCII { return body(slice) }
        position = start
        var text = try readString()
        return text.withUTF8(body)
    }

    /// The next key of the current object, as one of `keys` when it is one of them; nil when the object ends.
    /// Known keys are matched on their bytes, so reading a field's name makes no String.
    public mutating func nextKey<Key>(_ keys: JSONKeys<Key>) throws(JSONError) -> JSONKeys<Key>.Match? {
        guard try openKey() else { return nil }
        let start = position
        position += 1 // the opening quote, which openKey found
        if let (slice, isASCII) = try scanPlainString(), isASCII, let key = keys.match(slice) {
            try consume(UInt8(ascii: ":"), "':'")
            return .known(key)
        }
        position = start
        let key = try readString()
        try consume(UInt8(ascii: ":"), "':'")
        return keys.match(key)
    }

    /// Reads a number that must be a whole number fitting in Int ("178", "-500"; not "1.5", "1e3").
    public mutating func readInteger() throws(JSONError) -> Int {
        skipWhitespace()
        let start = position
        let text = try scanNumber()
        guard text.isInteger else {
            position = start
            throw error(.notAnInteger)
        }
        var value = 0
        var index = text.start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        while index < text.end {
            let digit = Int(bytes[index] - 48)
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if o1 || o2 {
                position = start
                throw error(.integerTooLarge)
            }
            value = sum
            index += 1
        }
        return value
    }

    /// Reads any JSON number as a Double.
    public mutating func readDouble() throws(JSONError) -> Double {
        skipWhitespace()
        let start = position
        let text = try scanNumber()
        let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[text.start..<text.end]), as: UTF8.self)
        guard let value = Double(string) else {
            position = start
            throw error(.expected("a number"))
        }
        return value
    }

    /// Consumes `null` if it comes next.
    public mutating func readNull() -> Bool {
        skipWhitespace()
        return consumeLiteral("null")
    }

    public mutating func readBool() throws(JSONError) -> Bool {
        skipWhitespace()
        if consumeLiteral("true") { return true }
        if consumeLiteral("false") { return false }
        throw error(.expected("true or false"))
    }

    /// Skips one value of any kind.
    public mutating func skipValue() throws(JSONError) {
        switch try peekKind() {
        case .object:
            try beginObject()
            while try nextKey() != nil { try skipValue() }
        case .array:
            try beginArray()
            while try nextElement() { try skipValue() }
        case .string: _ = try readString()
        case .number: _ = try scanNumber()
        case .bool: _ = try readBool()
        case .null: if !readNull() { throw error(.expected("null")) }
        }
    }

    /// Passes over an array that holds only numbers, `null`s and arrays of them (a summary's day rows) a byte at a
    /// time, checking its brackets pair up but not where its commas are: ~30 times faster than `skipValue`, for a part
    /// of a document the caller doesn't read. False, with nothing consumed, when it is not such an array.
    public mutating func skipArrayOfNumbers() throws(JSONError) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return false }
        var depth = 0
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    position = index + 1
                    return true
                }
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\n"),
                UInt8(ascii: "\r"), UInt8(ascii: "\t"), UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"):
                break
            default: return false
            }
            index += 1
        }
        throw error(.unexpectedEnd)
    }

    // MARK: Errors

    /// An error at the current position, with line and column counted from the start.
    public func error(_ problem: JSONError.Problem) -> JSONError {
        var line = 1
        var column = 1
        var index = 0
        let end = min(position, bytes.count)
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                column = 1
            } else if bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        return JSONError(problem: problem, line: line, column: column)
    }

    // MARK: Private

    /// Scans a string's body after its opening quote. Without escapes: consumes through the closing quote and returns
    /// the bytes between and whether they are all ASCII. At a backslash: stops there and returns nil.
    private mutating func scanPlainString() throws(JSONError) -> (UnsafeBufferPointer<UInt8>, isASCII: Bool)? {
        let start = position
        var high: UInt8 = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                return (slice, high < 0x80)
            }
            if byte == UInt8(ascii: "\\") { return nil }
            if byte < 0x20 { throw error(.controlCharacterInString) }
            high |= byte
            position += 1
        }
        throw error(.unexpectedEnd)
    }

    /// The text the bytes spell, or nil if they are not valid UTF-8.
    ///
    /// `String(validating:as:)` is generic and looks up type metadata on every call (a third of the time it took to
    /// read a month); decoding with repair is not, and it changes the bytes exactly when they were invalid.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String? {
        let string = String(decoding: bytes, as: UTF8.self)
        if isASCII { return string }
        let same = string.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) }
        return (same ?? string.utf8.elementsEqual(bytes)) ? string : nil
    }

    private mutating func push() throws(JSONError) {
        guard needsComma.count < JSONScanner.maximumDepth else { throw error(.tooDeep) }
        needsComma.append(false)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8, _ what: String) throws(JSONError) {
        skipWhitespace()
        guard position < bytes.count else { throw error(.unexpectedEnd) }
        guard bytes[position] == byte else { throw error(.expected(what)) }
        position += 1
    }

    private mutating func consumeLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for offset in 0..<count where bytes[position + offset] != pointer[offset] { return false }
        position += count
        return true
    }

    private struct NumberText {
        var start: Int
        var end: Int
        var isInteger: Bool
    }

    /// Scans a number per RFC 8259's grammar.
    private mutating func scanNumber() throws(JSONError) -> NumberText {
        let start = position
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error(.expected("a number")) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error(.expected("a digit")) }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error(.expected("a digit")) }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, isDigit(bytes[position]) { throw error(.expected("',' or the end of the number")) }
        return NumberText(start: start, end: position, isInteger: isInteger)
    }

    private mutating func readHex4() throws(JSONError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error(.unexpectedEnd) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - 48)
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - 87)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - 55)
            default: throw error(.invalidEscape)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}

/// The keys a reader knows, matched against a document's bytes without making Strings (see `JSONScanner.nextKey(_:)`).
public struct JSONKeys<Key: RawRepresentable & CaseIterable & Sendable>: Sendable where Key.RawValue == String {
    public enum Match {
        case known(Key)
        /// A key not in the list.
        case other(String)
    }

    private let keys: [(key: Key, utf8: [UInt8])]

    public init() {
        keys = Key.allCases.map { ($0, Array($0.rawValue.utf8)) }
    }

    func match(_ bytes: UnsafeBufferPointer<UInt8>) -> Key? {
        for (key, utf8) in keys where utf8.count == bytes.count {
            var index = 0
            while index < bytes.count && utf8[index] == bytes[index] { index += 1 }
            if index == bytes.count { return key }
        }
        return nil
    }

    func match(_ text: String) -> Match {
        Key(rawValue: text).map { .known($0) } ?? .other(text)
    }
}
