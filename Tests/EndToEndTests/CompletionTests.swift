import Foundation
import Testing

/// `kakeibo completion bash|zsh|fish`: each script parses in its shell, names every command, and completes
/// options, their values and the household's own category keys.
@Suite struct CompletionTests {
    /// The command names `kakeibo --help` lists.
    func commands(_ box: Sandbox) throws -> [String] {
        let help = try box.run("--help").stdout
        guard let start = help.range(of: "Commands:\n"), let end = help.range(of: "\n\n", range: start.upperBound..<help.endIndex) else { return [] }
        return help[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
    }

    @Test(arguments: ["bash", "zsh", "fish"]) func theScriptParsesAndNamesEveryCommand(_ shell: String) throws {
        let box = try Sandbox()
        let run = try box.run("completion", shell)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty)
        let names = try commands(box)
        #expect(names.count >= 10 && names.contains("export") && names.contains("completion"))
        for name in names { #expect(run.stdout.contains(name), "\(shell) script lacks \(name)") }
        let script = try box.write("completion.\(shell)", run.stdout)
        if Tools.has(shell) {
            let check = try Tools.run(shell, ["-n", script], environment: box.baseEnvironment)
            #expect(check.status == 0, "\(shell) -n: \(check.stderr)")
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let run = try Sandbox().run("completion", "powershell")
        #expect(run.status == 2)
        #expect(run.stderr.contains("bash, zsh, fish"))
    }

    /// A household with its own categories: completion must offer them, not the defaults.
    func household() throws -> Sandbox {
        let box = try Sandbox()
        try box.write(
            "config/kakeibo/categories.json",
            """
            {"categories": [
              {"key": "food", "code": 0, "ja": "食費", "en": "Food", "subcategories": [{"key": "drink", "code": 1, "ja": "飲料", "en": "Drink \\"cold\\" [x]"}]},
              {"key": "home", "code": 5, "ja": "住居", "en": "Home", "subcategories": [{"key": "rent", "code": 0, "ja": "家賃", "en": "Rent"}]}
            ]}
            """)
        box.environment["PATH"] = Products.directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return box
    }

    @Test(.enabled(if: Tools.has("bash"))) func bashCompletesCommandsOptionsValuesAndCategoryKeys() throws {
        let box = try household()
        let script = try box.write("k.bash", try box.run("completion", "bash").stdout)
        let harness = """
            source \(script)
            t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _kakeibo; echo "${COMPREPLY[*]}"; }
            t kakeibo mo
            t kakeibo --store /tmp ex
            t kakeibo month --category ""
            t kakeibo import --from ""
            t kakeibo export --format ""
            t kakeibo export --
            t kakeibo help com
            """
        let run = try Tools.run("bash", ["-c", harness], environment: box.baseEnvironment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.lines == [
                "month", "export", "food food/drink home home/rent",
                "kakeibo server moneyforward zaim rakuten-card smbc-vpass paypay yucho felica statement",
                "json csv ledger",
                "--format --with-settings --bom --output --store --lang --help --lock-timeout", "completion", "",
            ])
    }

    @Test(.enabled(if: Tools.has("zsh"))) func zshCompletesTheSame() throws {
        let box = try household()
        let script = try box.write("_kakeibo", try box.run("completion", "zsh").stdout)
        // The completion system's builtins replaced by stand-ins that print what they are offered.
        let harness = """
            compdef() { : }
            compadd() { if [[ $1 == -a ]]; then print -l -- ${(P)2}; else [[ $1 == -- ]] && shift; print -l -- "$@"; fi }
            _describe() { print -l -- ${(P)2%%:*} }
            _values() { shift; print -l -- ${@%%\\[*} }
            _files() { print -- "(files $*)" }
            source \(script)
            t() { words=("$@"); CURRENT=${#words}; PREFIX=${words[CURRENT]}; print -r -- "$(_kakeibo | tr '\\n' ' ')" }
            t kakeibo ""
            t kakeibo month --category ""
            t kakeibo import ""
            t kakeibo --store ""
            t kakeibo export --
            """
        let run = try Tools.run("zsh", ["-f", "-c", harness], environment: box.baseEnvironment)
        #expect(run.status == 0, "\(run.stderr)")
        let commands = try commands(box).joined(separator: " ")
        #expect(
            run.lines == [
                commands + " ", "food food/drink home home/rent ", "(files ) ", "(files -/) ",
                "--format --with-settings --bom --output --store --lang --help --lock-timeout ", "",
            ])
    }

    @Test(.enabled(if: Tools.has("fish"))) func fishCompletesTheSame() throws {
        let box = try household()
        let script = try box.write("kakeibo.fish", try box.run("completion", "fish").stdout)
        func complete(_ line: String) throws -> [String] {
            let run = try Tools.run("fish", ["--no-config", "-c", "source \(script); complete -C '\(line)'"], environment: box.baseEnvironment)
            #expect(run.status == 0, "\(run.stderr)")
            return run.lines.filter { !$0.isEmpty }.map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("kakeibo mo") == ["month"])
        #expect(try complete("kakeibo month --category ") == ["food", "food/drink", "home", "home/rent"])
        #expect(
            Set(try complete("kakeibo import --from ")) == [
                "kakeibo", "server", "moneyforward", "zaim", "statement", "rakuten-card", "smbc-vpass", "paypay", "yucho", "felica",
            ])
        #expect(try complete("kakeibo completion ") == ["bash", "fish", "zsh"])
        #expect(
            Set(try complete("kakeibo export --")) == [
                "--format", "--with-settings", "--bom", "--output", "--store", "--lang", "--help", "--lock-timeout",
            ])
    }
}
