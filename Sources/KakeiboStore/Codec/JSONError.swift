import KakeiboValues

/// Where and why JSON text could not be read.
public struct JSONError: Error, Equatable, Sendable {
    public enum Problem: Equatable, Sendable {
        case unexpectedEnd
        case expected(String)
        case invalidUTF8
        case controlCharacterInString
        case invalidEscape
        case notAnInteger
        case integerTooLarge
        case tooDeep
        case trailingContent
    }

    public var problem: Problem
    public var line: Int
    public var column: Int

    public func message(in language: Language) -> String {
        let place = language.pick("line \(line), column \(column)", "\(line) 行 \(column) 列")
        let what: String
        switch problem {
        case .unexpectedEnd: what = language.pick("the text ends too early", "途中で終わっています")
        case .expected(let thing): what = language.pick("expected \(thing)", "\(JSONError.japanese(thing)) が必要です")
        case .invalidUTF8: what = language.pick("not valid UTF-8", "UTF-8 として正しくありません")
        case .controlCharacterInString:
            what = language.pick("unescaped control character in a string", "文字列にエスケープされていない制御文字があります")
        case .invalidEscape: what = language.pick("invalid escape in a string", "文字列のエスケープが不正です")
        case .notAnInteger: what = language.pick("expected a whole number", "整数が必要です")
        case .integerTooLarge: what = language.pick("number too large", "数が大きすぎます")
        case .tooDeep: what = language.pick("nested too deeply", "入れ子が深すぎます")
        case .trailingContent: what = language.pick("unexpected text after the end", "末尾に余分な文字があります")
        }
        return "\(place): \(what)"
    }

    /// What the reader expected, in Japanese (the reader names it in English where it stops).
    static func japanese(_ thing: String) -> String {
        switch thing {
        case "a value": return "値"
        case "a key in double quotes": return "ダブルクォートで囲んだキー"
        case "a string": return "文字列"
        case "a number": return "数"
        case "a digit": return "数字"
        case "true or false": return "true か false"
        case "each key once": return "重複しないキー"
        case "',' or the end of the number": return "',' か数の終わり"
        default: return thing.replacingEvery(" or ", with: " か ") // punctuation such as "',' or '}'"
        }
    }
}
