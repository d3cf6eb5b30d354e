import KakeiboValues

/// A fast, strict pull reader of JSON (RFC 8259) over UTF-8 bytes.
///
/// Callers walk the document (`beginObject`/`nextKey`, `beginArray`/`nextElement`, `readString`, `readInteger`)
/// and decode straight into their own types, so reading a month of thousands of items builds no intermediate tree.
/// Foundation's JSONDecoder reads ~20 MB/s here; this reads several times faster.
public struct JSONScanner {
    /// What the next value is.
    public enum Kind: Equatable, Sendable { case object, array, string, number, bool, null }

    let bytes: UnsafeBufferPointer<UInt8>
    public internal(set) var position = 0
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
    mutating func openKey() throws(JSONError) -> Bool {
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

    /// Passes over the object that comes next by pairing its braces and brackets outside its strings, without reading
    /// its values: for a part of a file known sound, where reading it would cost more than everything else. False,
    /// with nothing consumed, when no object comes next or it doesn't close.
    public mutating func passObject() -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return false }
        var depth = 0
        var inString = false
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        position = index + 1
                        return true
                    }
                default: break
                }
            }
            index += 1
        }
        return false
    }

    /// The bytes from the next one that isn't whitespace up to at most `count` of them.
    public mutating func upcoming(_ count: Int) -> UnsafeBufferPointer<UInt8> {
        skipWhitespace()
        return UnsafeBufferPointer(rebasing: bytes[position..<min(bytes.count, position + count)])
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

    // MARK: Lexing

    private mutating func push() throws(JSONError) {
        guard needsComma.count < JSONScanner.maximumDepth else { throw error(.tooDeep) }
        needsComma.append(false)
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    mutating func consume(_ byte: UInt8, _ what: String) throws(JSONError) {
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
