import KakeiboValues

/// A dump's lines, one at a time: what each is (a comment, a header naming the card or a service, a block), and a
/// block's bytes.
extension CardDump {
    /// The file's lines, numbered from 1, without a byte order mark, line ends or surrounding blanks.
    static func lines(_ bytes: some Collection<UInt8>) -> [(Int, Substring.UTF8View)] {
        var text = String(decoding: bytes, as: UTF8.self)[...]
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            (index + 1, trimmed(line.utf8))
        }
    }

    static func trimmed(_ text: Substring.UTF8View) -> Substring.UTF8View {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        guard let start = text.firstIndex(where: { !blank($0) }), let end = text.lastIndex(where: { !blank($0) }) else {
            return text[text.endIndex...]
        }
        return text[start...end]
    }

    enum Kind: Equatable {
        case blank
        case idm(String)
        /// An nfcpy service header, with the service codes it names.
        case service([UInt16])
        /// nfcpy's `*` line: a run of blocks like the one shown, folded.
        case fold([UInt8])
        /// A block, with the service a libpafe or felicalib prefix names (nil: none named).
        case block([UInt8], service: UInt16?)
    }

    static func classify(_ line: Substring.UTF8View, line number: Int) throws(CardDumpProblem) -> Kind {
        guard let first = line.first else { return .blank }
        let text = String(Substring(line))
        if first == UInt8(ascii: "#") {
            return try idm(in: text, line: number, required: false).map(Kind.idm) ?? .blank
        }
        if let idm = try idm(in: text, line: number, required: true) { return .idm(idm) }
        if text.hasPrefix("Type3Tag") {
            guard let idm = try self.idm(afterLabel: "ID=", in: text, line: number) else { throw CardDumpProblem(line: number, issue: .notABlock) }
            return .idm(idm)
        }
        if let codes = serviceHeader(text) { return .service(codes) }
        if text.hasPrefix("System ") || text.hasPrefix("Area ") { return .blank } // nfcpy's system and area headers
        if first == UInt8(ascii: "*") { return .fold(try hexBytes(withoutText(line.dropFirst()), line: number)) }
        return try block(line, line: number)
    }

    // MARK: Headers

    /// The IDm a header line gives ("IDm: 01 14 A1 …", "card IDm = 0114…"), nil for a line without one. A line that
    /// is not a comment and names an IDm must give it whole (`required`).
    static func idm(in text: String, line number: Int, required: Bool) throws(CardDumpProblem) -> String? {
        guard let range = text.firstCharacterRange(of: "IDm") ?? text.firstCharacterRange(of: "idm") ?? text.firstCharacterRange(of: "IDM") else {
            return nil
        }
        var rest = text[range.upperBound...].drop { $0 == " " || $0 == "\t" }
        guard let separator = rest.first, separator == ":" || separator == "=" else {
            if required && text.hasPrefix("IDm") { throw CardDumpProblem(line: number, issue: .badIDm) }
            return nil
        }
        rest = rest.dropFirst()
        let hex = rest.filter { $0 != " " && $0 != "\t" }
        guard hex.count == 16, hex.allSatisfy(\.isHexDigit) else {
            if required { throw CardDumpProblem(line: number, issue: .badIDm) }
            return nil
        }
        return hex.uppercased()
    }

    /// nfcpy's `ID=0101…` on its card line.
    static func idm(afterLabel label: String, in text: String, line number: Int) throws(CardDumpProblem) -> String? {
        guard let range = text.firstCharacterRange(of: label) else { return nil }
        let hex = text[range.upperBound...].prefix { $0.isHexDigit }
        guard hex.count == 16 else { throw CardDumpProblem(line: number, issue: .badIDm) }
        return hex.uppercased()
    }

    /// The codes an nfcpy service header names ("Cyclic Service 36: write with key & read w/o key (0x090C 0x090F)").
    static func serviceHeader(_ text: String) -> [UInt16]? {
        guard text.includes("Service "), let open = text.lastIndex(of: "("), text.hasSuffix(")") else { return nil }
        let inside = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let codes = inside.split(separator: " ").compactMap { word -> UInt16? in
            guard word.hasPrefix("0x") else { return nil }
            return UInt16(word.dropFirst(2), radix: 16)
        }
        return codes.isEmpty ? nil : codes
    }

    // MARK: Blocks

    /// A block line: its prefix (`[3]`, `0000:`, libpafe's `0024:0000:`, felicalib's `090F:0000`), then its bytes.
    static func block(_ line: Substring.UTF8View, line number: Int) throws(CardDumpProblem) -> Kind {
        var rest = line
        var service: UInt16?
        if rest.first == UInt8(ascii: "[") {
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")), rest[rest.index(after: rest.startIndex)..<close].allSatisfy(isHexDigit)
            else { throw CardDumpProblem(line: number, issue: .notABlock) }
            rest = rest[rest.index(after: close)...]
        } else if let colon = rest.firstIndex(of: UInt8(ascii: ":")), (1...8).contains(rest.distance(from: rest.startIndex, to: colon)),
            rest[..<colon].allSatisfy(isHexDigit)
        {
            let head = rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            // Four hex digits (the block) and then a colon (libpafe) or a blank (felicalib): `head` names the service.
            if head.count == 4, after.count > 4, after.prefix(4).allSatisfy(isHexDigit), let mark = after.dropFirst(4).first,
                mark == UInt8(ascii: ":") || mark == UInt8(ascii: " ")
            {
                let code = UInt16(hexValue(head))
                service = mark == UInt8(ascii: ":") ? code << 6 | 0x0F : code // libpafe prints the service's number
                rest = after.dropFirst(5)
            } else {
                rest = after
            }
        }
        return .block(try hexBytes(withoutText(rest), line: number), service: service)
    }

    /// The bytes without the ASCII column nfcpy and TagInfo print after them (`|....2j.x.t(....P|`), which may itself
    /// hold a `|`.
    static func withoutText(_ text: Substring.UTF8View) -> Substring.UTF8View {
        guard text.last == UInt8(ascii: "|"), let bar = text.firstIndex(of: UInt8(ascii: "|")) else { return text }
        return text[..<bar]
    }

    /// Hex digits, in pairs or runs of pairs separated by blanks.
    static func hexBytes(_ text: Substring.UTF8View, line number: Int) throws(CardDumpProblem) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in text {
            if character == 0x20 || character == 0x09 {
                guard high == nil else { throw CardDumpProblem(line: number, issue: .halfByte) }
                continue
            }
            guard let value = hexDigit(character) else { throw CardDumpProblem(line: number, issue: .hexDigit(character)) }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        guard high == nil else { throw CardDumpProblem(line: number, issue: .halfByte) }
        return bytes
    }

    static func isHexDigit(_ character: UInt8) -> Bool { hexDigit(character) != nil }

    static func hexDigit(_ character: UInt8) -> UInt8? {
        switch character {
        case 0x30...0x39: character - 0x30
        case 0x41...0x46: character - 0x41 + 10
        case 0x61...0x66: character - 0x61 + 10
        default: nil
        }
    }

    static func hexValue(_ digits: Substring.UTF8View) -> Int { digits.reduce(0) { $0 << 4 | Int(hexDigit($1) ?? 0) } }
}
