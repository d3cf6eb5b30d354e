/// The nearest of some words to a word typed wrong, for "did you mean …?": by edit distance (an adjacent swap counts
/// as one edit), over characters, so Japanese names are compared as they read.
public enum Nearest {
    /// The candidate closest to `typed`, if one is close enough to be the likely meaning (one edit in a word shorter than eight characters,
    /// two in a longer one); among equally near ones, one that starts with what was typed ("good" → "goods"), then
    /// the earlier candidate.
    public static func word(to typed: String, in candidates: [String]) -> String? {
        let lowered = typed.lowercased()
        let target = Array(lowered)
        var best: (word: String, rank: (Int, Int))?
        for candidate in candidates {
            let word = Array(candidate.lowercased())
            let allowed = min(2, max(1, min(word.count, target.count) / 4))
            let distance = Nearest.distance(target, word)
            let rank = (distance, candidate.lowercased().hasPrefix(lowered) ? 0 : 1)
            guard distance > 0, distance <= allowed, best.map({ rank < $0.rank }) ?? true else { continue }
            best = (candidate, rank)
        }
        return best?.word
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
