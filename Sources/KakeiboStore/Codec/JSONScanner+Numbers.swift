import KakeiboValues

/// Numbers, scanned per RFC 8259's grammar.
extension JSONScanner {
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

    /// Reads an array of exactly `values.count` whole numbers or nulls that fit in Int (`[3,101,null,1280,2]`, a
    /// summary's day row) a byte at a time into `values` (nil for null): several times cheaper than a `readInteger`
    /// for each. False, with nothing consumed, when what comes next is anything else.
    public mutating func readIntegerRow(_ values: inout [Int?]) -> Bool {
        skipWhitespace()
        let bytes = self.bytes
        var index = position
        func skipSpace() {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        }
        func expect(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func number() -> Int?? {
            skipSpace()
            if index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
                bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l")
            {
                index += 4
                return .some(nil)
            }
            let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            let first = index
            var value = 0
            while index < bytes.count, bytes[index] >= 48 && bytes[index] <= 57 {
                let digit = Int(bytes[index] - 48)
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                guard !o1, !o2 else { return nil }
                value = sum
                index += 1
            }
            // At least one digit, and no leading zero (RFC 8259).
            guard index > first, bytes[first] != UInt8(ascii: "0") || index == first + 1 else { return nil }
            return .some(value)
        }
        guard expect(UInt8(ascii: "[")) else { return false }
        for slot in values.indices {
            guard slot == 0 || expect(UInt8(ascii: ",")), let value = number() else { return false }
            values[slot] = value
        }
        guard expect(UInt8(ascii: "]")) else { return false }
        position = index
        return true
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

    struct NumberText {
        var start: Int
        var end: Int
        var isInteger: Bool
    }

    /// Scans a number per RFC 8259's grammar.
    mutating func scanNumber() throws(JSONError) -> NumberText {
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

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}
