import KakeiboValues

/// Strings and keys: a string's bytes are handed over or matched without making a String where they can be.
extension JSONScanner {
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
}
