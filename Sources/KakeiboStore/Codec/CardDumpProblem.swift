import KakeiboValues

/// Why a dump was refused, and on which line (0: the file as a whole).
public struct CardDumpProblem: Error, Equatable, Sendable {
    public var line: Int
    public var issue: Issue

    public enum Issue: Equatable, Sendable {
        case tooLarge(Int)
        case noBlocks
        case notABlock
        case hexDigit(UInt8)
        case halfByte
        case length(Int)
        case record(TransitRecordProblem)
        case badIDm
        /// A second, different IDm; the first was on `line`.
        case secondCard(String, line: Int)
        /// A run of folded blocks that are not empty: which records they hold can't be known.
        case foldedRecords
        /// Two different blocks with one sequence number and day; the other is on `line`.
        case conflict(Int, line: Int)
    }

    public init(line: Int, issue: Issue) {
        self.line = line
        self.issue = issue
    }

    public func message(in language: Language) -> String {
        let at = line > 0 ? language.pick("line \(line): ", "\(line) 行目: ") : ""
        return at + issueMessage(language)
    }

    private func issueMessage(_ language: Language) -> String {
        let expected = language.pick(
            "a block is 16 bytes in hex, one a line, after an optional 0000: or [3]", "1 行に 1 ブロック、16 バイトの 16 進（先頭に 0000: や [3] があってもよい）")
        switch issue {
        case .tooLarge(let size):
            return language.pick(
                "\(size) bytes is too large for a card's dump (at most \(CardDump.maximumSize))",
                "カードのダンプとしては大きすぎます（\(size) バイト、上限 \(CardDump.maximumSize)）")
        case .noBlocks: return language.pick("no history blocks: ", "履歴のブロックがありません: ") + expected
        case .notABlock: return language.pick("not a history block: ", "履歴のブロックではありません: ") + expected
        case .hexDigit(let character):
            let shown = (0x21..<0x7F).contains(character) ? "'\(Character(Unicode.Scalar(character)))'" : "byte \(character)"
            return language.pick("\(shown) is not a hex digit (\(expected))", "\(shown) は 16 進の数字ではありません（\(expected)）")
        case .halfByte: return language.pick("an odd number of hex digits: ", "16 進の桁数が奇数です: ") + expected
        case .length(let count): return language.pick("\(count) bytes, not 16", "\(count) バイトです（16 バイトが必要）")
        case .record(let problem): return TransitRecordMessages.message(problem, language)
        case .badIDm: return language.pick("the IDm must be 16 hex digits", "IDm は 16 桁の 16 進数が必要です")
        case .secondCard(let first, let line):
            return language.pick(
                "a second card's IDm (line \(line) gave \(first)): one card a dump", "2 枚目のカードの IDm です（\(line) 行目は \(first)）。ダンプは 1 枚ずつにしてください")
        case .foldedRecords:
            return language.pick(
                "a folded run of blocks that are not empty ('*'): dump the card without folding",
                "空でないブロックが '*' で省略されています。省略せずにダンプしてください")
        case .conflict(let sequence, let line):
            return language.pick(
                "record \(sequence) differs from the one on line \(line) with the same number and day",
                "履歴 \(sequence) が \(line) 行目の同じ番号・日付の履歴と食い違っています")
        }
    }
}

/// The words for a block that can't be read.
enum TransitRecordMessages {
    static func message(_ problem: TransitRecordProblem, _ language: Language) -> String {
        switch problem {
        case .length(let count): return language.pick("\(count) bytes, not 16", "\(count) バイトです（16 バイトが必要）")
        case .month(let month, let high, let low):
            return language.pick(
                "month \(month) is no month (date bytes \(TransitRecord.hex([high])) \(TransitRecord.hex([low])))",
                "\(month) 月はありません（日付のバイト \(TransitRecord.hex([high])) \(TransitRecord.hex([low]))）")
        case .day(let year, let month, let day, let high, let low):
            let date = "\(year)-\(pad(month))-\(pad(day))"
            return language.pick(
                "\(date) is not a date (date bytes \(TransitRecord.hex([high])) \(TransitRecord.hex([low])))",
                "\(date) という日付はありません（日付のバイト \(TransitRecord.hex([high])) \(TransitRecord.hex([low]))）")
        }
    }

    private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
}
