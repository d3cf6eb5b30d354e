/// The codewords of a QR Code in the order they are placed: one byte-mode segment, its terminator and padding, split
/// into blocks, each block's Reed–Solomon codewords added, and the blocks interleaved (ISO/IEC 18004, 7.4 and 7.6).
enum QRCodewords {
    /// The data codewords holding `bytes` in byte mode; the caller has checked that they fit the version.
    static func data(_ bytes: [UInt8], version: QRVersion) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4) // byte mode
        bits.append(bytes.count, count: version.countBits)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = version.dataCodewords * 8
        bits.append(0, count: min(4, capacity - bits.count)) // the terminator, shortened when the symbol is full
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < version.dataCodewords {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// The data codewords split into the version's blocks (the longer blocks last), each followed by its error
    /// correction codewords, then read a codeword of each block in turn.
    static func interleaved(_ data: [UInt8], version: QRVersion) -> [UInt8] {
        let blockCount = version.blocks
        let correction = version.correctionPerBlock
        let shortData = version.dataCodewords / blockCount
        let longBlocks = version.dataCodewords % blockCount
        let code = ReedSolomon(degree: correction)
        var dataBlocks: [[UInt8]] = []
        var correctionBlocks: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortData + (index >= blockCount - longBlocks ? 1 : 0)
            let block = Array(data[start..<(start + length)])
            start += length
            dataBlocks.append(block)
            correctionBlocks.append(code.remainder(block))
        }
        var result: [UInt8] = []
        result.reserveCapacity(version.totalCodewords)
        for position in 0...shortData {
            for block in dataBlocks where position < block.count { result.append(block[position]) }
        }
        for position in 0..<correction {
            for block in correctionBlocks { result.append(block[position]) }
        }
        return result
    }
}

/// Bits appended most significant first, read back as bytes.
struct BitBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: Int, count width: Int) {
        for shift in stride(from: width - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= UInt8(0x80 >> (count % 8)) }
            count += 1
        }
    }
}
