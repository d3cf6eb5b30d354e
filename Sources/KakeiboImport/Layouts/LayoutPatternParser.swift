extension LayoutPattern {
    /// A recursive-descent reader of the syntax above.
    struct Parser {
        let c: [Character]
        var position = 0
        var caseless = false

        init(_ characters: [Character]) { c = characters }

        mutating func parseWhole() throws(Refusal) -> Node {
            let node = try alternation(depth: 0)
            if position < c.count { throw .syntax("unmatched ')' at \(position + 1)") }
            return node
        }

        private var atEnd: Bool { position >= c.count }

        private mutating func alternation(depth: Int) throws(Refusal) -> Node {
            guard depth < 100 else { throw .tooLarge }
            let saved = caseless
            var branches = [try sequence(depth: depth)]
            while !atEnd, c[position] == "|" {
                position += 1
                branches.append(try sequence(depth: depth))
            }
            caseless = saved
            return branches.count == 1 ? branches[0] : .either(branches)
        }

        private mutating func sequence(depth: Int) throws(Refusal) -> Node {
            var items: [Node] = []
            while !atEnd, c[position] != "|", c[position] != ")" {
                guard let atom = try atom(depth: depth) else { continue }
                items.append(try quantified(atom))
            }
            return items.count == 1 ? items[0] : items.isEmpty ? .empty : .sequence(items)
        }

        /// The next atom; nil for a flag group that only changes the flags (`(?i)`).
        private mutating func atom(depth: Int) throws(Refusal) -> Node? {
            let character = c[position]
            position += 1
            switch character {
            case ".": return .step(.any)
            case "^": return .step(.assert(.start))
            case "$": return .step(.assert(.end))
            case "[": return .step(.set(try characterClass()))
            case "\\": return try escape(inClass: false).node(caseless)
            case "*", "+", "?": throw .syntax("'\(character)' with nothing to repeat at \(position)")
            case "(": return try group(depth: depth)
            default: return .step(.character(character, caseless: caseless))
            }
        }

        private mutating func group(depth: Int) throws(Refusal) -> Node? {
            if position < c.count, c[position] == "?" {
                position += 1
                guard !atEnd else { throw .syntax("unterminated group") }
                switch c[position] {
                case ":": position += 1
                case "=", "!": throw .unsupported("lookahead")
                case "<" where position + 1 < c.count && (c[position + 1] == "=" || c[position + 1] == "!"): throw .unsupported("lookbehind")
                case "<", "'", "P":
                    if c[position] == "P" { position += 1 }
                    guard !atEnd, c[position] == "<" || c[position] == "'" else { throw .unsupported("'(?P' other than a named group") }
                    let close: Character = c[position] == "<" ? ">" : "'"
                    position += 1
                    while !atEnd, c[position] != close {
                        guard c[position].isLetter || c[position].isNumber || c[position] == "_" else {
                            throw .syntax("a group's name at \(position + 1)")
                        }
                        position += 1
                    }
                    guard !atEnd else { throw .syntax("unterminated group name") }
                    position += 1
                default:
                    // Flags: (?i), (?-i), (?i:…)
                    var on = true
                    var value = caseless
                    while !atEnd, c[position] != ")", c[position] != ":" {
                        switch c[position] {
                        case "i": value = on
                        case "-": on = false
                        default: throw .unsupported("the flag '\(c[position])' (only i, for case-insensitive)")
                        }
                        position += 1
                    }
                    guard !atEnd else { throw .syntax("unterminated group") }
                    if c[position] == ")" {
                        position += 1
                        caseless = value
                        return nil
                    }
                    position += 1
                    let saved = caseless
                    caseless = value
                    let inner = try alternation(depth: depth + 1)
                    caseless = saved
                    guard !atEnd, c[position] == ")" else { throw .syntax("missing ')'") }
                    position += 1
                    return inner
                }
            }
            let inner = try alternation(depth: depth + 1)
            guard !atEnd, c[position] == ")" else { throw .syntax("missing ')'") }
            position += 1
            return inner
        }

        private mutating func quantified(_ atom: Node) throws(Refusal) -> Node {
            var node = atom
            var quantifiers = 0
            while !atEnd {
                let (min, max): (Int, Int?)
                switch c[position] {
                case "*": (min, max) = (0, nil)
                case "+": (min, max) = (1, nil)
                case "?": (min, max) = (0, 1)
                case "{":
                    guard let counts = try counts() else { return node }
                    (min, max) = counts
                    position -= 1
                default: return node
                }
                position += 1
                quantifiers += 1
                if quantifiers > 1 { throw .syntax("a repetition of a repetition at \(position) (group it)") }
                if case .step(.assert) = node { throw .syntax("a repetition of an anchor at \(position)") }
                node = .repeated(node, min: min, max: max)
                if !atEnd, c[position] == "?" {
                    position += 1
                } else if !atEnd, c[position] == "+" {
                    throw .unsupported("a possessive repetition")
                }
            }
            return node
        }

        /// `{m}`, `{m,}`, `{m,n}`, `{,n}` at `position`, leaving `position` after the `}`; nil (and `{` a literal) when
        /// it isn't one.
        private mutating func counts() throws(Refusal) -> (Int, Int?)? {
            var end = position + 1
            while end < c.count, c[end] != "}" { end += 1 }
            guard end < c.count else { return nil }
            let inner = String(c[(position + 1)..<end])
            let parts = inner.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), !inner.isEmpty, inner != "," else { return nil }
            let low = parts[0].isEmpty ? 0 : Int(parts[0].prefix(7)) ?? Int.max
            let high = parts.count == 1 ? low : parts[1].isEmpty ? nil : Int(parts[1].prefix(7)) ?? Int.max
            guard low <= LayoutPattern.maximumCount, (high ?? 0) <= LayoutPattern.maximumCount else {
                throw .unsupported("a count over \(LayoutPattern.maximumCount) in '{\(inner)}'")
            }
            if let high, high < low { throw .syntax("'{\(inner)}': the counts are the wrong way round") }
            position = end + 1
            return (low, high)
        }

        /// What follows a backslash.
        enum Escaped {
            case character(Character)
            case item(ClassItem)
            case assertion(Assertion)

            func node(_ caseless: Bool) -> Node {
                switch self {
                case .character(let x): .step(.character(x, caseless: caseless))
                case .item(let item): .step(.set(CharacterClass(items: [item], negated: false, caseless: caseless)))
                case .assertion(let assertion): .step(.assert(assertion))
                }
            }
        }

        private mutating func escape(inClass: Bool) throws(Refusal) -> Escaped {
            guard !atEnd else { throw .syntax("a '\\' at the end") }
            let character = c[position]
            position += 1
            switch character {
            case "d", "D": return .item(.digit(character == "d"))
            case "w", "W": return .item(.word(character == "w"))
            case "s", "S": return .item(.space(character == "s"))
            case "t": return .character("\t")
            case "n": return .character("\n")
            case "r": return .character("\r")
            case "f": return .character("\u{0C}")
            case "v": return .character("\u{0B}")
            case "b" where !inClass: return .assertion(.boundary)
            case "B" where !inClass: return .assertion(.notBoundary)
            case "A" where !inClass: return .assertion(.start)
            case "z" where !inClass: return .assertion(.end)
            case "1"..."9", "k", "g": throw .unsupported("a backreference")
            case "u", "x":
                let braced = !atEnd && c[position] == "{"
                if braced { position += 1 }
                var digits = ""
                while !atEnd, c[position].isHexDigit, digits.count < (braced ? 8 : character == "u" ? 4 : 2) {
                    digits.append(c[position])
                    position += 1
                }
                if braced {
                    guard !atEnd, c[position] == "}" else { throw .syntax("'\\\(character){' without '}'") }
                    position += 1
                }
                guard !digits.isEmpty, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                    throw .syntax("'\\\(character)' without a code point")
                }
                return .character(Character(scalar))
            default:
                guard !(character.isASCII && (character.isLetter || character.isNumber)) else {
                    throw .unsupported("'\\\(character)'")
                }
                return .character(character)
            }
        }

        /// A class after its `[`, up to and past its `]`.
        private mutating func characterClass() throws(Refusal) -> CharacterClass {
            var set = CharacterClass(items: [], negated: false, caseless: caseless)
            if !atEnd, c[position] == "^" {
                set.negated = true
                position += 1
            }
            var first = true
            while true {
                guard !atEnd else { throw .syntax("a '[' without ']'") }
                var character = c[position]
                if character == "]" && !first { break }
                first = false
                position += 1
                if character == "[" && !atEnd && (c[position] == ":" || c[position] == "=" || c[position] == ".") {
                    throw .unsupported("a POSIX class '[\(c[position])'")
                }
                if character == "[" { throw .unsupported("a class inside a class") }
                if character == "\\" {
                    switch try escape(inClass: true) {
                    case .item(let item):
                        set.items.append(item)
                        continue
                    case .character(let x): character = x
                    case .assertion: continue
                    }
                }
                // A range: a-z (a '-' first or last is itself).
                if position + 1 < c.count, c[position] == "-", c[position + 1] != "]" {
                    position += 1
                    var high = c[position]
                    position += 1
                    if high == "\\" {
                        guard case .character(let x) = try escape(inClass: true) else { throw .syntax("a range ending in a class") }
                        high = x
                    }
                    guard character <= high else { throw .syntax("the range '\(character)-\(high)' is the wrong way round") }
                    set.items.append(.range(character, high))
                } else {
                    set.items.append(.character(character))
                }
            }
            position += 1
            return set
        }
    }
}
