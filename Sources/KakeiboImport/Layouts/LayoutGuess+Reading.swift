import KakeiboKit

extension LayoutGuess {
    /// What the guessed layout reads from the file: the first rows it makes lines of, as the file has them, what it
    /// sets aside, and each month's spending; or why it reads nothing.
    func reading(_ bytes: [UInt8], fileName: String, today: CalendarDate?, in language: Language) -> [String] {
        let statement: Statement
        do { statement = try LayoutReader.read(bytes, layout, years: LayoutYears(fileName: fileName, today: today)) } catch {
            return [language.pick("  read with it: \(error.message(in: language))", "  このレイアウトで読むと: \(error.message(in: language))")]
        }
        var lines = [
            language.pick(
                "  read with it: \(statement.lines.count) lines of \(statement.rows) rows, for example:",
                "  このレイアウトで読むと: \(statement.rows) 行のうち \(statement.lines.count) 件。たとえば:")
        ]
        for line in statement.lines.prefix(3) {
            let amount = line.flow == .spending ? line.price.formatted(language) : language.pick("in ", "入金 ") + line.price.formatted(language)
            lines.append("    " + language.pick("row", "行") + " \(line.row): \(line.date.iso)  \(line.name)  \(amount)")
        }
        let setAside = StatementSkip.allCases.compactMap { reason in
            statement.skipped[reason].map { "\(ImportRenderer.setAsideLabel(reason.rawValue, language)) \($0)" }
        }
        if !setAside.isEmpty {
            lines.append(language.pick("    set aside: ", "    除いた行: ") + setAside.joined(separator: ", "))
        }
        var months: [YearMonth: Int] = [:]
        for line in statement.lines where line.flow == .spending { months[line.date.yearMonth, default: 0] += line.price.amount }
        if !months.isEmpty {
            let spending = months.sorted { $0.key < $1.key }.map { "\($0.key.iso) \(Yen($0.value).formatted(language))" }
            lines.append(language.pick("    spending: ", "    支出: ") + spending.joined(separator: ", "))
        }
        return lines
    }
}
