import Foundation
import Testing

@testable import KakeiboValues

/// A reference symbol under Tests/Fixtures/qr: python-qrcode's, with the mask segno's scoring of the standard's
/// penalty rules chooses (make_fixtures.py says how and why).
struct QRFixture {
    let name: String
    let version: Int
    let mask: Int
    let bytes: [UInt8]
    let rows: [[Bool]]

    static let names = [
        "v1-word", "v2-japanese", "v2-url", "v5-url", "v7-url", "v9-page", "v10-page-query", "v17-long-url", "v40-full",
    ]

    static func text(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/qr").appendingPathComponent(name + ".txt")
        return try String(contentsOf: url, encoding: .utf8)
    }

    init(_ name: String) throws {
        self.name = name
        let lines = try QRFixture.text(name).split(separator: "\n").map(String.init)
        func field(_ index: Int, _ key: String) throws -> String {
            let words = lines[index].split(separator: " ")
            try #require(words.count == 2 && words[0] == key)
            return String(words[1])
        }
        version = try #require(Int(try field(0, "version")))
        mask = try #require(Int(try field(1, "mask")))
        let hex = Array(try field(2, "text").utf8)
        bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<($0 + 2)], as: UTF8.self), radix: 16)! }
        rows = lines.dropFirst(4).map { $0.map { $0 == "1" } }
    }
}

/// The encoder against the reference symbols, module for module, and its parts on their own.
@Suite struct QRCodeTests {
    static func matrix(_ code: QRCode) -> [[Bool]] {
        (0..<code.size).map { row in (0..<code.size).map { code[row, $0] } }
    }

    @Test(arguments: QRFixture.names)
    func theSymbolWithTheReferenceMaskIsTheReferenceModuleForModule(_ name: String) throws {
        let fixture = try QRFixture(name)
        let code = try QRCode(bytes: fixture.bytes, mask: fixture.mask)
        #expect(code.version.number == fixture.version)
        #expect(code.size == fixture.rows.count)
        let mine = QRCodeTests.matrix(code)
        let differing = (0..<code.size).flatMap { row in
            (0..<code.size).filter { mine[row][$0] != fixture.rows[row][$0] }.map { (row, $0) }
        }
        #expect(differing.isEmpty, "\(differing.count) modules differ, first \(differing.prefix(5))")
    }

    @Test(arguments: QRFixture.names)
    func thePenaltyRulesChooseTheReferenceMask(_ name: String) throws {
        let fixture = try QRFixture(name)
        #expect(try QRCode(bytes: fixture.bytes).mask == fixture.mask)
    }

    @Test func sixtyMoreTextsGetTheReferenceMask() throws {
        let lines = try QRFixture.text("masks").split(separator: "\n")
        #expect(lines.count == 60)
        for line in lines {
            let words = line.split(separator: " ")
            let hex = Array(words[0].utf8)
            let bytes = stride(from: 0, to: hex.count, by: 2).map {
                UInt8(String(decoding: hex[$0..<($0 + 2)], as: UTF8.self), radix: 16)!
            }
            #expect(try QRCode(bytes: bytes).mask == Int(words[1]), "\(words[0])")
        }
    }

    @Test func theTextInitialiserEncodesUTF8() throws {
        let fixture = try QRFixture("v2-japanese")
        #expect(try QRCode("家計簿 食費 ¥198") == QRCode(bytes: fixture.bytes))
    }

    @Test func eachVersionHoldsWhatSegnoPutsInIt() throws {
        let lines = try QRFixture.text("capacity").split(separator: "\n")
        #expect(lines.count == 40)
        for line in lines {
            let words = line.split(separator: " ").compactMap { Int($0) }
            let version = QRVersion.all[words[0] - 1]
            #expect(version.byteCapacity == words[1], "version \(words[0])")
            #expect(QRVersion.smallest(holding: words[1]) == version)
            if words[0] < 40 { #expect(QRVersion.smallest(holding: words[1] + 1)?.number == words[0] + 1) }
        }
    }

    @Test func aTextPastVersion40IsRefusedWithItsLength() throws {
        #expect(throws: QRCodeError.tooLong(bytes: 2332, maximum: 2331)) {
            try QRCode(String(repeating: "a", count: 2332))
        }
        #expect(throws: QRCodeError.tooLong(bytes: 2333, maximum: 2331)) {
            try QRCode(String(repeating: "a", count: 2331) + "¥")
        }
        #expect(try QRCode(String(repeating: "a", count: 2331)).version.number == 40)
        let message = QRCodeError.tooLong(bytes: 2332, maximum: 2331).message(in: .en)
        #expect(message == "a QR code holds at most 2331 bytes, and this text has 2332")
    }

    @Test func theVersionBlocksAreDrawnFromVersion7() throws {
        // Version 7's version information is 000111 110010 010100 (ISO/IEC 18004, Annex D), least significant bit
        // first down the columns of the block above the lower-left finder.
        let code = try QRCode(String(repeating: "a", count: 110))
        #expect(code.version.number == 7)
        let bits = 0b000111_110010_010100
        for index in 0..<18 {
            #expect(code[code.size - 11 + index % 3, index / 3] == ((bits >> index) & 1 == 1))
            #expect(code[index / 3, code.size - 11 + index % 3] == ((bits >> index) & 1 == 1))
        }
    }
}

/// Reed–Solomon over GF(256) as the QR Code uses it.
@Suite struct ReedSolomonTests {
    @Test func multiplicationReducesByThePrimitivePolynomial() {
        #expect(GaloisField.multiply(0x80, 0x02) == 0x1D) // α⁸ = α⁴ + α³ + α² + 1
        // α = 2 is primitive: its powers run through all 255 non-zero elements before coming back to 1.
        var seen = Set<UInt8>()
        var power: UInt8 = 1
        for _ in 0..<255 {
            seen.insert(power)
            power = GaloisField.multiply(power, 2)
        }
        #expect(power == 1 && seen.count == 255 && !seen.contains(0))
        for x in 0...255 {
            #expect(GaloisField.multiply(UInt8(x), 1) == UInt8(x) && GaloisField.multiply(UInt8(x), 0) == 0)
            #expect(GaloisField.multiply(UInt8(x), 0xB7) == GaloisField.multiply(0xB7, UInt8(x)))
        }
    }

    @Test func theDegree7GeneratorIsTheStandardsOne() {
        // α^87, α^229, α^146, α^149, α^238, α^102, α^21 (ISO/IEC 18004, Annex A).
        #expect(ReedSolomon(degree: 7).generator == [0x7F, 0x7A, 0x9A, 0xA4, 0x0B, 0x44, 0x75])
    }

    @Test func theStandardsVersion1MExampleGetsItsCorrectionCodewords() {
        // "01234567" at 1-M (ISO/IEC 18004, Annex I): 16 data codewords and their 10 error correction codewords.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(ReedSolomon(degree: 10).remainder(data) == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test(arguments: [7, 10, 16, 22, 28, 30])
    func aCodewordVanishesAtEveryRootOfTheGenerator(_ degree: Int) {
        let data = (0..<40).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ degree) }
        let word = data + ReedSolomon(degree: degree).remainder(data)
        var root: UInt8 = 1
        for _ in 0..<degree {
            var value: UInt8 = 0 // Horner's rule, highest power first
            for coefficient in word { value = GaloisField.multiply(value, root) ^ coefficient }
            #expect(value == 0)
            root = GaloisField.multiply(root, 2)
        }
        var damaged = word
        damaged[3] ^= 0x40
        var value: UInt8 = 0
        for coefficient in damaged { value = GaloisField.multiply(value, 1) ^ coefficient }
        #expect(value != 0)
    }
}
