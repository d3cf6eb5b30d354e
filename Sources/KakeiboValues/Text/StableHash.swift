/// 64-bit FNV-1a with splitmix64's finaliser, as 16 hex digits: stable across runs and machines, and keys that differ
/// only at their end (an occurrence or sequence number) still differ in their first digits, which tables show. The
/// ids of imported lines (statements, IC card records) are made with it.
public func stableHash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }
    hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
    hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
    hash ^= hash >> 31
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}
