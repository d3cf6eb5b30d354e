/// A layout's pattern (`transfers`, and `ignore`'s and `stop`'s `matches`): a regular expression that kakeibo reads and
/// matches itself, following every way through the pattern at once (Thompson's construction, run as a Pike VM). A
/// search takes time linear in the text whatever the pattern, so a layout can't make an import run without end
/// (`^(a+)+$` backtracks exponentially in a backtracking matcher). What needs backtracking (backreferences,
/// lookaround) is refused when the layout is read, as is a pattern whose repetitions would make it too large.
///
/// It reads literals, `.`, classes `[…]` (ranges, negation, `\d \w \s` and their negations inside or out), `^ $ \b \B`,
/// `* + ? {m} {m,} {m,n}` (lazy forms too: a search's answer is the same), groups `( )`, `(?: )`, `(?<name> )`,
/// alternation `|`, and the case-insensitive flag `(?i)` / `(?i: )`.
struct LayoutPattern: Sendable {
    /// Why a pattern can't be used, said after the pattern itself.
    enum Refusal: Error, Equatable, Sendable {
        /// Not a regular expression at all: what is wrong, and where (a character offset).
        case syntax(String)
        /// A regular expression kakeibo's patterns don't take: what it uses.
        case unsupported(String)
        /// More than `maximumSize` steps once its repetitions are spelled out.
        case tooLarge
    }

    /// The most steps a compiled pattern may have (`(ab){1000}` has about 2,000).
    static let maximumSize = 10_000
    /// The largest count in `{m,n}`.
    static let maximumCount = 1_000

    let source: String
    private let program: [Step]

    init(_ source: String) throws(Refusal) {
        self.source = source
        var parser = Parser(Array(source))
        let node = try parser.parseWhole()
        var compiler = Compiler()
        try compiler.emit(node)
        compiler.program.append(.match)
        guard compiler.program.count <= Self.maximumSize else { throw .tooLarge }
        program = compiler.program
    }

    /// Whether the pattern matches anywhere in the text (as `String.contains(Regex)` says).
    func found(in text: String) -> Bool {
        let characters = Array(text)
        var current: [Int] = []
        var next: [Int] = []
        var mark = [Int](repeating: -1, count: program.count)
        var generation = 0
        // Every thread at `position` is in `current`, each program step once: a step is visited at most once per
        // position, so the whole search is O(text × program).
        for position in 0...characters.count {
            if add(0, at: position, characters, into: &current, mark: &mark, generation: generation) { return true }
            guard position < characters.count else { break }
            let character = characters[position]
            generation += 1
            next.removeAll(keepingCapacity: true)
            for pc in current {
                if program[pc].consumes(character), add(pc + 1, at: position + 1, characters, into: &next, mark: &mark, generation: generation) {
                    return true
                }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds the step and every step reachable from it without reading a character; true when one of them is a match.
    private func add(_ start: Int, at position: Int, _ characters: [Character], into list: inout [Int], mark: inout [Int], generation: Int) -> Bool {
        var stack = [start]
        while let pc = stack.popLast() {
            guard mark[pc] != generation else { continue }
            mark[pc] = generation
            switch program[pc] {
            case .match: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if assertion.holds(at: position, characters) { stack.append(pc + 1) }
            case .character, .set, .any: list.append(pc)
            }
        }
        return false
    }
}

extension LayoutPattern {
    /// A zero-width test.
    enum Assertion: Sendable {
        case start, end, boundary, notBoundary

        func holds(at position: Int, _ characters: [Character]) -> Bool {
            switch self {
            case .start: return position == 0
            case .end: return position == characters.count || (position == characters.count - 1 && characters[position] == "\n")
            case .boundary, .notBoundary:
                let before = position > 0 && CharacterClass.isWord(characters[position - 1])
                let after = position < characters.count && CharacterClass.isWord(characters[position])
                return (before != after) == (self == .boundary)
            }
        }
    }

    /// One item of a class, or a class by itself (`\d`).
    enum ClassItem: Sendable {
        case character(Character)
        case range(Character, Character)
        case digit(Bool)
        case word(Bool)
        case space(Bool)

        func contains(_ c: Character) -> Bool {
            switch self {
            case .character(let x): return c == x
            case .range(let low, let high): return low <= c && c <= high
            case .digit(let yes): return CharacterClass.isDigit(c) == yes
            case .word(let yes): return CharacterClass.isWord(c) == yes
            case .space(let yes): return c.isWhitespace == yes
            }
        }
    }

    struct CharacterClass: Sendable {
        var items: [ClassItem]
        var negated: Bool
        var caseless: Bool

        func contains(_ c: Character) -> Bool {
            let found = items.contains { $0.contains(c) } || (caseless && Self.variants(c).contains { v in items.contains { $0.contains(v) } })
            return found != negated
        }

        static func isDigit(_ c: Character) -> Bool { c.unicodeScalars.first?.properties.numericType == .decimal }
        static func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        /// The character in the other cases (one character each, or none).
        static func variants(_ c: Character) -> [Character] {
            [c.lowercased(), c.uppercased()].compactMap { $0.count == 1 ? $0.first : nil }.filter { $0 != c }
        }
    }

    /// A step of the compiled program.
    enum Step: Sendable {
        case character(Character, caseless: Bool)
        case set(CharacterClass)
        /// `.`: any character but a line break.
        case any
        case assert(Assertion)
        case split(Int, Int)
        case jump(Int)
        case match

        func consumes(_ c: Character) -> Bool {
            switch self {
            case .character(let x, let caseless): return c == x || (caseless && CharacterClass.variants(c).contains(x))
            case .set(let set): return set.contains(c)
            case .any: return c != "\n" && c != "\r\n" && c != "\r"
            default: return false
            }
        }
    }

    /// The pattern as a tree.
    indirect enum Node: Sendable {
        case empty
        case step(Step)
        case sequence([Node])
        case either([Node])
        case repeated(Node, min: Int, max: Int?)
    }
}
