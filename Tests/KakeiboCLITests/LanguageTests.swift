import Foundation
import KakeiboKit
import Testing

@testable import KakeiboCLI

/// Japanese and English everywhere: every help text, label and message reachable from the command line exists in
/// both languages, and the language follows --lang, then LC_ALL, LC_MESSAGES and LANG.
@Suite struct LanguageTests {
    /// A fresh store with a little data, run in-process.
    final class Home: @unchecked Sendable {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-lang-\(UUID().uuidString)").path

        init() async {
            // A store is made only inside a directory that exists.
            try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            _ = await run(["add", "コーヒー", "178", "--date", "2024-12-03", "--category", "food/drink"])
            _ = await run(["add", "映画", "1800", "--date", "2024-12-04", "--category", "entertainment"])
            _ = await run(["budget", "set", "food", "100"])
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func run(_ arguments: [String], _ environment: [String: String] = ["LANG": "C.UTF-8"]) async -> Kakeibo.Outcome {
            let base = [
                "KAKEIBO_HOME": root + "/store", "HOME": root, "XDG_CONFIG_HOME": root + "/config", "KAKEIBO_NOW": "2024-12-15T09:00:00Z",
                "TZ": "UTC",
            ]
            return Kakeibo.run(
                arguments,
                terminal: Terminal(environment: Environment(base.merging(environment) { $1 }), stdoutIsTerminal: false, stderrIsTerminal: false))
        }
    }

    static func hasJapanese(_ text: String) -> Bool {
        text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }
    }

    static func hasKana(_ text: String) -> Bool { text.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }

    /// The description column of a help line ("  --format table|json  出力形式"): what follows the first run of two
    /// or more spaces after the name.
    static func description(_ line: String) -> String? {
        let body = line.drop { $0 == " " }
        guard let gap = body.range(of: "  ") else { return nil }
        return String(body[gap.upperBound...]).trimmingCharacters(in: .whitespaces)
    }

    /// The help's lines that describe something (a command, an argument, an option) and its summary, by section.
    static func describedLines(_ help: String, _ language: Language) -> [String] {
        let examples = language.pick("Examples:", "例:")
        var lines: [String] = []
        var inExamples = false
        for line in help.split(separator: "\n").map(String.init) {
            if !line.hasPrefix(" ") { inExamples = line == examples }
            guard !inExamples, line.hasPrefix("  "), let text = description(line) else { continue }
            lines.append(text)
        }
        return lines
    }

    @Test func everyHelpIsTranslatedLineByLine() async {
        let home = await Home()
        var helps: [(String, Language, String)] = []
        for language in Language.allCases {
            helps.append(("kakeibo --help", language, await home.run(["--help", "--lang", language.rawValue]).stdout))
            for command in CommandTable().commands {
                let run = await home.run([command.name, "--help", "--lang", language.rawValue])
                #expect(run.status == 0)
                helps.append(("\(command.name) --help", language, run.stdout))
                // The summary line comes right after the usage line.
                let summary = run.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
                #expect(summary == command.info.summary(language))
                #expect(language == .ja ? Self.hasJapanese(summary) : !Self.hasKana(summary), "\(command.name): \(summary)")
            }
        }
        for (name, language, help) in helps {
            let lines = Self.describedLines(help, language)
            #expect(lines.count >= 3, "\(name) \(language)")
            for line in lines {
                if language == .ja {
                    #expect(Self.hasJapanese(line), "\(name) (ja) has an untranslated line: \(line)")
                } else {
                    #expect(!Self.hasKana(line) && line.contains { $0.isASCII && $0.isLetter }, "\(name) (en): \(line)")
                }
            }
            // Section headings are in the language too.
            for heading in help.split(separator: "\n").filter({ $0.hasSuffix(":") && !$0.hasPrefix(" ") }) {
                #expect(language == .ja ? Self.hasJapanese(String(heading)) : !Self.hasJapanese(String(heading)), "\(name): \(heading)")
            }
        }
        // Help in Japanese mentions exit status 3 as well as the others.
        #expect(helps.first { $0.0 == "kakeibo --help" && $0.1 == .ja }?.2.contains("3 予算超過") == true)
    }

    /// English words (three letters or more) in a Japanese message, leaving out what is quoted, paths, options,
    /// placeholders and the words kakeibo's commands and files use as they are.
    static func englishWords(_ message: String) -> [String] {
        var text = message
        for pattern in ["'[^']*'", "\"[^\"]*\"", "/[^ ,）)]*", "--[a-z-]+", "\\b[A-Z][A-Z|]+\\b"] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        // Command names, category keys and the words typed as they are.
        let allowed = Set(CommandTable.names).union(
            Taxonomy.standard.categories.flatMap { ([$0.key] + $0.subcategories.map(\.key)).flatMap { $0.split(separator: "-").map(String.init) } }
        ).union([
            "kakeibo", "json", "csv", "svg", "table", "true", "false", "null", "set", "list", "unset", "date", "price", "utf",
            "today", "yesterday", "total", "kakeibo_home", "home", "schema", "ja", "en",
        ])
        return text.split { !($0.isASCII && $0.isLetter) && $0 != "_" }.map { $0.lowercased() }
            .filter { $0.count >= 3 && !allowed.contains($0) }
    }

    @Test func everyMessageIsInTheChosenLanguage() async throws {
        let home = await Home()
        let directory = home.root
        try Data("{\"schema\":1,".utf8).write(to: URL(fileURLWithPath: directory + "/bad.json"))
        let failures: [[String]] = [
            ["frobnicate"], ["month", "--frob"], ["month", "2024", "13"], ["month", "2024"], ["year", "0"],
            ["add", "a", "abc"], ["add", "a", "0"], ["add", "", "1"], ["add", "a", "1", "--category", "fod"],
            ["add", "a", "1", "--category", "food/beer"], ["add", "a", "1", "--date", "2024-02-30"], ["add"],
            ["edit", "x"], ["edit", "nope", "--price", "1"], ["delete", "nope"], ["month", "--sort", "name"],
            ["month", "--format", "xml"], ["month", "--desc=1"], ["month", "--sort"], ["import", directory + "/missing.json"],
            ["import", directory + "/bad.json"], ["budget"], ["budget", "frob"], ["budget", "set", "food", "-1"],
            ["budget", "unset", "entertainment"], ["month", "--output", directory], ["month", "--output", directory + "/no/x.svg"],
            ["month", "2024", "12", "--check-budget"],
        ]
        for arguments in failures {
            let en = await home.run(arguments + ["--lang", "en"])
            let ja = await home.run(arguments, ["LANG": "ja_JP.UTF-8"])
            #expect(en.status != 0 && en.status == ja.status, "\(arguments)")
            #expect(en.stderr.hasPrefix("kakeibo: ") && ja.stderr.hasPrefix("kakeibo: "), "\(arguments)")
            #expect(!Self.hasKana(en.stderr), "\(arguments): \(en.stderr)")
            #expect(Self.hasJapanese(ja.stderr), "\(arguments): \(ja.stderr)")
            #expect(Self.englishWords(ja.stderr).isEmpty, "\(arguments): \(ja.stderr) has \(Self.englishWords(ja.stderr))")
        }
    }

    @Test func jsonReadingErrorsAreTranslatedToo() async {
        let broken = [
            "", "{", "{\"a\" 1}", "{\"a\":1,}", "[1 2]", "{a:1}", "tru", "nul", "-", "1.", "1e", "01", "{\"a\":1,\"a\":2}", "[\"\\x\"]", "[1]x",
        ]
        for text in broken {
            do {
                _ = try JSONValue.parse(Array(text.utf8))
                Issue.record("'\(text)' parsed")
            } catch {
                let ja = error.message(in: .ja)
                #expect(Self.englishWords(ja).isEmpty, "'\(text)': \(ja)")
                #expect(!Self.hasKana(error.message(in: .en)))
            }
        }
    }

    @Test func theLanguageFollowsLangThenTheLocaleVariables() async {
        let home = await Home()
        let cases: [([String: String], [String], Bool)] = [
            (["LANG": "ja_JP.UTF-8"], [], true),
            (["LC_ALL": "ja_JP.UTF-8", "LANG": "C"], [], true),
            (["LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"], [], false),
            (["LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"], [], true),
            (["LANG": "ja_JP.UTF-8"], ["--lang", "en"], false),
            (["LANG": "C"], ["--lang=ja"], true),
        ]
        for (environment, flags, japanese) in cases {
            let run = await home.run(["month", "2024", "12"] + flags, environment)
            #expect(run.stdout.hasPrefix(japanese ? "2024年12月" : "December 2024"), "\(environment) \(flags)")
        }
    }

    @Test func everyLabelInTheChartsIsInTheChosenLanguage() async {
        let home = await Home()
        for language in Language.allCases {
            let year = await home.run(["year", "2024", "--lang", language.rawValue]).stdout
            let month = await home.run(["month", "2024", "12", "--lang", language.rawValue]).stdout
            let list = await home.run(["budget", "list", "--lang", language.rawValue]).stdout
            // The month up to its item list (whose names are the household's own).
            let monthCharts = month.components(separatedBy: language.pick("Date", "日付"))[0]
            for text in [year, monthCharts] {
                if language == .ja {
                    #expect(!text.contains { $0.isASCII && $0.isLetter }, "\(text)")
                } else {
                    #expect(!Self.hasJapanese(text), "\(text)")
                }
            }
            #expect(language == .ja ? list.contains("予算") && list.contains("月額") : list.contains("Budget") && list.contains("Monthly"))
            for format in ["svg"] {
                let svg = await home.run(["month", "2024", "12", "--format", format, "--lang", language.rawValue]).stdout
                #expect(svg.contains(language.pick(">Total<", ">合計<")))
            }
        }
    }
}
