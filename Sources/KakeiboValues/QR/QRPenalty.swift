/// The penalty of a masked symbol (ISO/IEC 18004:2015, 7.8.3, Table 11): the encoder keeps the mask with the lowest.
/// The area around the symbol counts as light (the quiet zone), so a finder-like pattern at an edge counts.
enum QRPenalty {
    static func score(_ grid: QRGrid) -> Int {
        let size = grid.size
        var total = 0
        var dark = 0
        for line in 0..<size {
            let row = (0..<size).map { grid[line, $0] }
            let column = (0..<size).map { grid[$0, line] }
            dark += row.count { $0 }
            total += runs(row) + runs(column) + finderLike(row) + finderLike(column)
            if line > 0 {
                for index in 1..<size {
                    let colour = row[index]
                    if grid[line, index - 1] == colour && grid[line - 1, index] == colour && grid[line - 1, index - 1] == colour {
                        total += 3 // each 2×2 block of one colour
                    }
                }
            }
        }
        // 10 for each whole 5% the dark modules' share is away from 50%.
        let deviation = abs(dark * 20 - size * size * 10) / (size * size)
        return total + deviation * 10
    }

    /// N1: 3 for each run of 5 modules of one colour, and 1 more for each module past 5.
    private static func runs(_ line: [Bool]) -> Int {
        var penalty = 0
        var length = 0
        for index in line.indices {
            length = index > 0 && line[index] == line[index - 1] ? length + 1 : 1
            let ends = index == line.count - 1 || line[index + 1] != line[index]
            if ends && length >= 5 { penalty += length - 2 }
        }
        return penalty
    }

    /// N3: 40 for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) with 4 light modules before or after it.
    private static func finderLike(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        func light(_ range: Range<Int>) -> Bool {
            range.clamped(to: 0..<line.count).allSatisfy { !line[$0] }
        }
        var penalty = 0
        var start = 0
        while start + 7 <= line.count {
            if (0..<7).allSatisfy({ line[start + $0] == pattern[$0] })
                && (light((start - 4)..<start) || light((start + 7)..<(start + 11)))
            {
                penalty += 40
                start += 7
            } else {
                start += 1
            }
        }
        return penalty
    }
}
