/// A symbol being drawn: its modules (true is dark) and which of them the function patterns and the format and
/// version information hold, so the data and the mask leave those alone (ISO/IEC 18004, 6.3 and 7.7).
struct QRGrid {
    let size: Int
    private(set) var modules: [Bool]
    private var reserved: [Bool]

    /// The function patterns of `version` drawn, the format and version areas reserved.
    init(version: QRVersion) {
        size = version.size
        modules = Array(repeating: false, count: size * size)
        reserved = modules
        for index in 0..<size { // timing patterns, drawn first so the finders and alignments overwrite their ends
            set(row: 6, column: index, index % 2 == 0)
            set(row: index, column: 6, index % 2 == 0)
        }
        for (row, column) in [(3, 3), (3, size - 4), (size - 4, 3)] { drawFinder(row: row, column: column) }
        let centres = version.alignmentCentres
        let last = centres.count - 1
        for (i, row) in centres.enumerated() {
            for (j, column) in centres.enumerated() where !(i == 0 && (j == 0 || j == last)) && !(i == last && j == 0) {
                drawAlignment(row: row, column: column)
            }
        }
        drawFormat(0) // reserves the format areas and draws the dark module; the mask's bits are drawn over it
        if version.number >= 7 { drawVersion(version.number) }
    }

    subscript(row: Int, column: Int) -> Bool { modules[row * size + column] }

    private mutating func set(row: Int, column: Int, _ dark: Bool) {
        modules[row * size + column] = dark
        reserved[row * size + column] = true
    }

    /// A finder pattern centred at (row, column) with its light separator, clipped at the symbol's edge.
    private mutating func drawFinder(row: Int, column: Int) {
        for dy in -4...4 {
            for dx in -4...4 where (0..<size).contains(row + dy) && (0..<size).contains(column + dx) {
                let distance = max(abs(dx), abs(dy))
                set(row: row + dy, column: column + dx, distance != 2 && distance != 4)
            }
        }
    }

    private mutating func drawAlignment(row: Int, column: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(row: row + dy, column: column + dx, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The 15 format bits of level M and `mask` (BCH(15,5), XORed with 101010000010010), in both copies, and the
    /// dark module beside the lower-left finder.
    mutating func drawFormat(_ mask: Int) {
        let data = mask // level M's indicator is 00
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(row: index, column: 8, bit(index)) }
        set(row: 7, column: 8, bit(6))
        set(row: 8, column: 8, bit(7))
        set(row: 8, column: 7, bit(8))
        for index in 9..<15 { set(row: 8, column: 14 - index, bit(index)) }
        for index in 0..<8 { set(row: 8, column: size - 1 - index, bit(index)) }
        for index in 8..<15 { set(row: size - 15 + index, column: 8, bit(index)) }
        set(row: size - 8, column: 8, true)
    }

    /// The 18 version bits (BCH(18,6)) in the two 6×3 blocks beside the upper-right and lower-left finders.
    private mutating func drawVersion(_ number: Int) {
        var remainder = number
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = number << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let near = index / 3
            let far = size - 11 + index % 3
            set(row: near, column: far, dark)
            set(row: far, column: near, dark)
        }
    }

    /// The codewords' bits, most significant first, in two-module columns zigzagging up and down from the
    /// lower right, skipping the vertical timing pattern; modules left over (the remainder bits) stay light.
    mutating func place(_ codewords: [UInt8]) {
        var index = 0
        let total = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let row = upward ? size - 1 - step : step
                for column in [right, right - 1] where !reserved[row * size + column] && index < total {
                    modules[row * size + column] = (codewords[index >> 3] >> (7 - UInt8(index & 7))) & 1 == 1
                    index += 1
                }
            }
            right -= 2
        }
    }

    /// Flips every module outside the function patterns that `mask` selects; applying it twice undoes it.
    mutating func apply(_ mask: Int) {
        for row in 0..<size {
            for column in 0..<size where !reserved[row * size + column] && QRGrid.masks(mask, row: row, column: column) {
                modules[row * size + column].toggle()
            }
        }
    }

    /// Whether mask pattern `mask` (000–111, ISO/IEC 18004 Table 10) flips the module at (row, column).
    static func masks(_ mask: Int, row i: Int, column j: Int) -> Bool {
        switch mask {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }
}
