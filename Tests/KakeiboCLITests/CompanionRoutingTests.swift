import KakeiboKit
import Testing

@testable import KakeiboCLI

/// Which binary runs a command line: `kakeibo import --from …` (Foundation, for Shift_JIS) and the sync commands
/// (URLSession) run in kakeibo-companion; everything else, plain `import` included, stays in `kakeibo`.
@Suite struct CompanionRoutingTests {
    func companion(_ arguments: [String]) -> String? { Kakeibo.companionFor(arguments)?.executable }

    @Test func importGoesToTheConverterOnlyWithFrom() {
        #expect(companion(["import", "--from", "zaim", "Zaim.csv"]) == "kakeibo-companion")
        #expect(companion(["import", "--from=moneyforward", "mf.csv"]) == "kakeibo-companion")
        #expect(companion(["--store", "/tmp/s", "import", "x.csv", "--from", "zaim"]) == "kakeibo-companion")
        #expect(companion(["import", "backup.json"]) == nil)
        #expect(companion(["import", "-"]) == nil)
        #expect(companion(["import", "--", "--from"]) == nil, "after -- it is a file name")
        #expect(companion(["month", "2024", "12"]) == nil)
    }

    /// A card's dump is ASCII hex: `--from felica` is read by `kakeibo` itself, without Foundation.
    @Test func aCardDumpStaysInKakeibo() {
        #expect(companion(["import", "--from", "felica", "suica.txt"]) == nil)
        #expect(companion(["import", "--from=FeliCa", "suica.txt"]) == nil)
        #expect(companion(["import", "suica.txt", "--account", "ICOCA"]) == nil)
        #expect(companion(["import", "--from", "felica", "x", "--from", "zaim"]) == "kakeibo-companion")
        #expect(companion(["import", "x", "--from"]) == "kakeibo-companion", "a --from without its value is the companion's to refuse")
    }

    /// One companion for everything that needs Foundation, so Foundation is on disk once.
    @Test func theSyncCommandsAndForeignImportsShareOneCompanion() {
        for arguments in [["pull", "2024"], ["push"], ["sync", "prev"], ["--lang", "en", "sync"], ["import", "--from", "zaim", "z.csv"]] {
            #expect(companion(arguments) == "kakeibo-companion", "\(arguments)")
        }
        #expect(Set(Companion.commands.map(\.executable)) == ["kakeibo-companion"])
    }

    @Test func helpForImportIsTheBuiltInCommandsWhichCoversFrom() {
        #expect(companion(["help", "import"]) == nil)
        #expect(companion(["import", "--help"]) == nil)
        let help = HelpText.command(ImportCommand.info, .en)
        for option in ["--from moneyforward|zaim", "--mapping FILE", "--category CAT[/SUB]"] { #expect(help.contains(option)) }
    }

    /// The companion table names its commands without building their declarations; the two must agree.
    @Test func eachCompanionCommandIsNamedAsItsDeclaration() {
        for companion in Companion.commands {
            if let info = companion.info { #expect(info.name == companion.name) }
            #expect(!companion.summary(.en).isEmpty)
        }
    }

    @Test func aCompanionsCommandTakesTheBuiltInsPlace() {
        let table = CommandTable(companionCommands: [Replacement.self]).commands
        #expect(table.map { $0.name } == CommandTable.builtIn.map { $0.name })
        let chosen = table.first { $0.name == "import" }
        #expect(chosen is Replacement.Type)
    }

    @Test func theBuiltInImportRefusesConverterOptionsWithoutFrom() async throws {
        let terminal = Terminal(environment: ["HOME": "/nonexistent"], stdoutIsTerminal: false, stderrIsTerminal: false)
        let outcome = Kakeibo.run(["import", "x.json", "--mapping", "m.json"], terminal: terminal)
        #expect(outcome.status == 2)
        #expect(outcome.stderr == "kakeibo: option --mapping works only with --from\n")
    }
}

/// A companion's command with a built-in's name.
struct Replacement: Command {
    static let name = "import"
    static let info = CommandInfo(name: name, summary: LocalizedText(en: "x", ja: "x"))
    init(_ arguments: ParsedArguments, _ context: Context) throws {}
    func run(_ context: Context) throws {}
}
