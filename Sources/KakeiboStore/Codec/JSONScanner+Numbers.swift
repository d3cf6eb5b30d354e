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
