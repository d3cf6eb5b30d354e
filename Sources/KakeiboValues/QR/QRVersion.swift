/// A QR Code version (1–40, 21 to 177 modules a side) at error correction level M, with its block structure
/// (ISO/IEC 18004, Table 9) and the positions of its alignment patterns (Annex E).
package struct QRVersion: Sendable, Equatable {
    package let number: Int

    package static let all = (1...40).map(QRVersion.init(unchecked:))

    private init(unchecked number: Int) { self.number = number }

    /// Modules a side.
    package var size: Int { number * 4 + 17 }

    /// Error correction codewords in each block (level M).
    package var correctionPerBlock: Int { QRVersion.correctionPerBlockM[number] }

    /// How many blocks the codewords are split into (level M).
    package var blocks: Int { QRVersion.blocksM[number] }

    /// Every codeword the symbol holds: the modules left once the function patterns and the format and version
    /// information are drawn, over 8 (the remainder bits are left over).
    package var totalCodewords: Int {
        var modules = (16 * number + 128) * number + 64
        if number >= 2 {
            let alignments = number / 7 + 2
            modules -= (25 * alignments - 10) * alignments - 55
            if number >= 7 { modules -= 36 }
        }
        return modules / 8
    }

    /// The data codewords, after the error correction codewords are set aside.
    package var dataCodewords: Int { totalCodewords - correctionPerBlock * blocks }

    /// Bits of the byte mode's character count: 8 up to version 9, else 16.
    package var countBits: Int { number <= 9 ? 8 : 16 }

    /// The most bytes the byte mode holds: the mode (4 bits) and the count go first.
    package var byteCapacity: Int { (dataCodewords * 8 - 4 - countBits) / 8 }

    /// The row and column centres of the alignment patterns (none for version 1).
    package var alignmentCentres: [Int] {
        guard number > 1 else { return [] }
        let count = number / 7 + 2
        let step = number == 32 ? 26 : (number * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var centres = [6]
        for index in 0..<(count - 1) { centres.append(size - 7 - (count - 2 - index) * step) }
        return centres
    }

    /// The smallest version whose byte mode holds `count` bytes, or nil past version 40.
    package static func smallest(holding count: Int) -> QRVersion? {
        all.first { $0.byteCapacity >= count }
    }

    private static let correctionPerBlockM = [
        0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
        26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ]
    private static let blocksM = [
        0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
        17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ]
}
