/// A QR Code (ISO/IEC 18004) of a text in byte mode (UTF-8) at error correction level M: the smallest version that
/// holds it, and of the eight masks the one with the lowest penalty. Made whole by its initialiser.
package struct QRCode: Sendable, Equatable {
    package let version: QRVersion
    /// The mask pattern's reference (0–7).
    package let mask: Int
    /// Modules a side, without the quiet zone.
    package var size: Int { version.size }
    private let modules: [Bool]

    /// The code of `text`'s UTF-8 bytes, or `QRCodeError.tooLong` past what version 40 holds.
    package init(_ text: String) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// The code of `bytes`; `mask` forces a mask pattern (0–7) instead of the one with the lowest penalty.
    package init(bytes: [UInt8], mask forced: Int? = nil) throws(QRCodeError) {
        precondition(forced.map { (0...7).contains($0) } ?? true, "a mask pattern is 0–7")
        guard let version = QRVersion.smallest(holding: bytes.count) else {
            throw .tooLong(bytes: bytes.count, maximum: QRVersion.all[39].byteCapacity)
        }
        var grid = QRGrid(version: version)
        grid.place(QRCodewords.interleaved(QRCodewords.data(bytes, version: version), version: version))
        var chosen = forced ?? 0
        if forced == nil {
            var lowest = Int.max
            for mask in 0..<8 {
                grid.apply(mask)
                grid.drawFormat(mask)
                let penalty = QRPenalty.score(grid)
                if penalty < lowest {
                    lowest = penalty
                    chosen = mask
                }
                grid.apply(mask) // undone for the next
            }
        }
        grid.apply(chosen)
        grid.drawFormat(chosen)
        self.version = version
        self.mask = chosen
        self.modules = grid.modules
    }

    /// Whether the module at (row, column) is dark; both 0 to `size` − 1.
    package subscript(row: Int, column: Int) -> Bool { modules[row * size + column] }
}

/// A text a QR Code can't hold.
package enum QRCodeError: KakeiboFailure, Equatable {
    /// More bytes than version 40 holds at level M.
    case tooLong(bytes: Int, maximum: Int)

    package var kind: FailureKind { .badInput }

    package func message(in language: Language) -> String {
        switch self {
        case .tooLong(let bytes, let maximum):
            language.pick(
                "a QR code holds at most \(maximum) bytes, and this text has \(bytes)",
                "QR コードに入るのは \(maximum) バイトまでです（このテキストは \(bytes) バイト）")
        }
    }
}
