import KakeiboValues

/// Builds JSON text into a byte buffer: strings escaped per RFC 8259, non-ASCII written as UTF-8.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public var text: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            // Runs that need no escape (nearly all text) are copied whole.
            var start = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        default:
            raw("\\u00")
            bytes.append(JSONWriter.hex[Int(byte >> 4)])
            bytes.append(JSONWriter.hex[Int(byte & 0xF)])
        }
    }

    /// Writes the digits straight into the buffer (a month file has three numbers per item).
    public mutating func integer(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var rest = value.magnitude
        repeat {
            bytes.append(UInt8(48 + rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    /// Indentation.
    public mutating func spaces(_ count: Int) {
        for _ in 0..<max(count, 0) { bytes.append(UInt8(ascii: " ")) }
    }

    /// An object's key and the ": " after it. Keys are kakeibo's own names, nearly always plain ASCII: those are
    /// copied whole, anything else is escaped as a string.
    mutating func key(_ key: String) {
        var key = key
        let plain = key.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !plain { string(key) }
        raw(": ")
    }

    public mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    /// A fraction written with at most four decimals ("0.6481"), never in exponent form.
    public mutating func fraction(_ value: Double) {
        let scaled = Int((value * 10_000).rounded())
        let whole = scaled / 10_000
        var rest = abs(scaled % 10_000)
        if scaled < 0 && whole == 0 { raw("-") }
        raw(String(whole))
        guard rest != 0 else { return }
        var digits = [UInt8](repeating: UInt8(ascii: "0"), count: 4)
        for index in stride(from: 3, through: 0, by: -1) {
            digits[index] = UInt8(48 + rest % 10)
            rest /= 10
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        raw(".")
        bytes.append(contentsOf: digits)
    }

    /// The fields the store's month files and the server's wire format share, in the same order:
    /// `{"id":…,"date":"…","name":…,"price":…,"category":…,"<subcategoryKey>":…` (the object left open).
    mutating func itemFields(_ id: String, date: String, _ name: String, _ price: Yen, _ category: CategoryCode, subcategoryKey: StaticString) {
        raw("{\"id\":")
        string(id)
        raw(",\"date\":\"")
        raw(date)
        raw("\",\"name\":")
        string(name)
        raw(",\"price\":")
        integer(price.amount)
        raw(",\"category\":")
        integer(category.category)
        raw(",\"")
        raw(subcategoryKey)
        raw("\":")
        if let sub = category.subcategory { integer(sub) } else { raw("null") }
    }

    /// An item's details as the members it has (`,"payment":"…"`, … `,"personal":true`, `,"reimbursed":N`,
    /// `,"tags":["…"]`); nothing for none. `stored`: a month file's, with what only this store keeps (`memberFrom`,
    /// `user`).
    mutating func details(_ details: ItemDetails, stored: Bool = false) {
        guard !details.isEmpty else { return }
        for field in DetailField.allCases {
            guard let value = details[field] else { continue }
            raw(",\"")
            raw(field.rawValue)
            raw("\":")
            string(value)
        }
        if details.personal { raw(",\"personal\":true") }
        if let reimbursed = details.reimbursed {
            raw(",\"reimbursed\":")
            integer(reimbursed.amount)
        }
        if !details.tags.isEmpty {
            raw(",\"tags\":[")
            for (index, tag) in details.tags.enumerated() {
                if index > 0 { raw(",") }
                string(tag)
            }
            raw("]")
        }
        if let transfer = details.transfer {
            raw(",\"transfer\":")
            string(transfer)
        }
        if let merged = details.merged {
            raw(",\"merged\":")
            string(merged)
        }
        if details.apart { raw(",\"apart\":true") }
        if !details.legs.isEmpty {
            raw(",\"legs\":[")
            for (index, leg) in details.legs.enumerated() {
                raw(index > 0 ? ",{\"payment\":" : "{\"payment\":")
                string(leg.payment)
                raw(",\"price\":")
                integer(leg.price.amount)
                raw("}")
            }
            raw("]")
        }
        if stored, let origin = details.memberFrom {
            raw(",\"memberFrom\":")
            string(origin.rawValue)
        }
        if stored, let user = details.user {
            raw(",\"user\":")
            string(user)
        }
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
