/// Identifies a file's exact bytes: their count and a 64-bit hash. A month's summary records the fingerprint of the
/// month file it was made from, and is used only while the month file still has exactly those bytes; a backup
/// records the fingerprints of the files before and after its change.
///
/// Files store the hash as 16 hex digits under the key `"hash"`. Summaries and backup manifests of schema 1 called
/// it `"xxh64"`, which it is not for 32 bytes or more (see `xxh64Lane`); the hash itself never changed, so their
/// values are read as they are.
public struct Fingerprint: Hashable, Sendable {
    public var byteCount: Int
    public var hash: UInt64

    public init(byteCount: Int, hash: UInt64) {
        self.byteCount = byteCount
        self.hash = hash
    }

    public init(of bytes: [UInt8]) {
        self.init(byteCount: bytes.count, hash: bytes.withUnsafeBytes(Fingerprint.xxh64Lane))
    }

    /// The JSON key the hash is stored under, and the one schema-1 files used for the same hash.
    package static let key = "hash"
    package static let schema1Key = "xxh64"

    /// A fingerprint read from a file: nil unless `hex` is exactly 16 hex digits.
    package init?(byteCount: Int, hex: String) {
        guard hex.utf8.count == 16, let hash = UInt64(hex, radix: 16) else { return nil }
        self.init(byteCount: byteCount, hash: hash)
    }

    /// The hash as 16 lowercase hex digits.
    public var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// XXH64 (seed 0) as it hashes inputs shorter than 32 bytes — one lane, eight bytes a step, then the
    /// avalanche — applied at any length. It equals XXH64 below 32 bytes and differs from it at 32 and more (XXH64
    /// then runs four lanes), so files never call it XXH64. About 1.5 bytes a cycle here: checking a year of a
    /// million-item store's month files (9 MB) takes a few milliseconds.
    static func xxh64Lane(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let p1: UInt64 = 0x9E37_79B1_85EB_CA87
        let p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        let p3: UInt64 = 0x1656_67B1_9E37_79F9
        let p4: UInt64 = 0x85EB_CA77_C2B2_AE63
        let p5: UInt64 = 0x27D4_EB2F_1656_67C5
        func rotate(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
        var h = p5 &+ UInt64(bytes.count)
        var index = 0
        while index + 8 <= bytes.count {
            let k = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            h ^= rotate(k &* p2, 31) &* p1
            h = rotate(h, 27) &* p1 &+ p4
            index += 8
        }
        if index + 4 <= bytes.count {
            let k = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self)))
            h ^= k &* p1
            h = rotate(h, 23) &* p2 &+ p3
            index += 4
        }
        while index < bytes.count {
            h ^= UInt64(bytes[index]) &* p5
            h = rotate(h, 11) &* p1
            index += 1
        }
        h ^= h >> 33
        h = h &* p2
        h ^= h >> 29
        h = h &* p3
        h ^= h >> 32
        return h
    }
}
