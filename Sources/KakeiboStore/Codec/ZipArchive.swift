import KakeiboValues

/// A ZIP archive of stored (uncompressed) files, as an .xlsx workbook is: local headers, the files, a central
/// directory and its end record (PKWARE APPNOTE 4.3), each file checked by its CRC-32. No compression, no ZIP64:
/// the archive and each file stay under 4 GB, which a household's workbook does by a wide margin.
public struct ZipArchive: Sendable {
    public struct Entry: Sendable {
        public var path: String
        public var bytes: [UInt8]

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    public var entries: [Entry] = []

    public init(_ entries: [Entry] = []) { self.entries = entries }

    public mutating func add(_ path: String, _ text: String) { entries.append(Entry(path: path, bytes: Array(text.utf8))) }

    /// The archive's bytes. Every entry is dated 1980-01-01 00:00 (the format's first day), so the same workbook
    /// is the same bytes whenever it is written.
    public func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for entry in entries {
            let name = Array(entry.path.utf8)
            let crc = ZipArchive.crc32(entry.bytes)
            let offset = UInt32(out.count)
            // Version 2.0, flags: names are UTF-8 (bit 11), method 0 (stored), time 0, date 1980-01-01.
            var common: [UInt8] = []
            common.append16(20)
            common.append16(0x0800)
            common.append16(0)
            common.append16(0)
            common.append16(0x0021)
            common.append32(crc)
            common.append32(UInt32(entry.bytes.count))
            common.append32(UInt32(entry.bytes.count))
            common.append16(UInt16(name.count))
            common.append16(0)
            out.append32(0x0403_4B50)
            out += common + name + entry.bytes
            central.append32(0x0201_4B50)
            central.append16(20)
            central += common
            central.append16(0) // comment length
            central.append16(0) // disk number
            central.append16(0) // internal attributes
            central.append32(0) // external attributes
            central.append32(offset)
            central += name
        }
        let directoryOffset = UInt32(out.count)
        out += central
        out.append32(0x0605_4B50)
        out.append16(0)
        out.append16(0)
        out.append16(UInt16(entries.count))
        out.append16(UInt16(entries.count))
        out.append32(UInt32(central.count))
        out.append32(directoryOffset)
        out.append16(0)
        return out
    }

    /// CRC-32 (ISO-HDLC, the polynomial 0xEDB88320 reflected) as ZIP checks each file with.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}

extension [UInt8] {
    fileprivate mutating func append16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    fileprivate mutating func append32(_ value: UInt32) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)])
    }
}
