import Foundation
import Testing

/// Whatever the data holds, tables and messages show control characters as escapes while JSON and CSV keep them
/// exactly.
@Suite struct TerminalSafetyTests {
    @Test func namesFromTheCategoriesFileCannotDriveTheTerminal() throws {
        let box = try Sandbox()
        try box.write(
            "config/kakeibo/categories.json",
            #"""
            {"categories":[{"key":"food","code":0,"ja":"食費\u001b[2J","en":"Food\u001b]0;pwned\u0007","subcategories":[{"key":"drink","code":1,"ja":"飲料\u202e","en":"Drink\r"}]}]}
            """#)
        _ = try box.add("コーヒー", 178, date: "2024-12-03", category: "food/drink")
        #expect(try box.run("budget", "set", "food", "30000").status == 0)
        let tables = [
            ["month", "2024", "12"], ["month", "2024", "12", "--category", "food"], ["year", "2024"], ["categories"],
            ["budget", "list"], ["trend", "--end", "2024-12", "--category", "food"], ["recent"], ["month", "2024", "12", "--lang", "ja"],
        ]
        for arguments in tables {
            let run = try box.run(arguments)
            #expect(run.status == 0, "\(arguments): \(run.stderr)")
            let unsafe = run.stdout.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || $0.value == 0x202E }
            #expect(unsafe.isEmpty, "\(arguments) printed \(unsafe.map { String($0.value, radix: 16) })")
            #expect(run.stdout.contains("\\u{1B}") || run.stdout.contains("\\u{202E}") || run.stdout.contains("\\u{D}"), "\(arguments)")
        }
        // Data formats carry the names exactly.
        let json = try box.run("month", "2024", "12", "--format", "json")
        #expect(json.stdout.contains(#"Food\u001b]0;pwned\u0007"#))
        #expect(try box.run("year", "2024", "--format", "csv").stdout.contains("Food\u{1B}]0;pwned\u{07}"))
    }

    @Test func messagesQuotingWhatTheyWereGivenEscapeControlCharacters() throws {
        let box = try Sandbox()
        let missing = try box.run("import", "\u{1B}[2J\u{1B}]0;x\u{07}.json")
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\\u{1B}[2J\\u{1B}]0;x\\u{7}.json"))
        #expect(!missing.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        let category = try box.run("add", "x", "1", "--category", "\u{1B}[31mfood")
        #expect(category.status == 2 && category.stderr.contains("\\u{1B}[31mfood"))
    }
}
