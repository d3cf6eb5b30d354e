import KakeiboKit
import Testing

@testable import KakeiboCLI

/// The command line maps the library's kinds of failure to documented exit codes, and adds the command-line hints
/// library messages leave out.
@Suite struct ExitCodeTests {
    @Test func eachKindHasItsDocumentedStatus() {
        #expect(ExitCode.success.rawValue == 0)
        #expect(ExitCode(.runtime).rawValue == 1)
        #expect(ExitCode(.badInput).rawValue == 2)
        #expect(ExitCode.overBudget.rawValue == 3)
    }

    @Test func libraryErrorsKeepTheirExitCodes() {
        #expect(BudgetError.amount("0").exitCode == .usage)
        #expect(BudgetError.notSet("food").exitCode == .failure)
        #expect(ValueError.month("13").exitCode == .usage)
        #expect(StoreError.noHome.exitCode == .failure)
        #expect(StoreError.io(path: "/x", operation: .read, code: 2).exitCode == .failure)
        #expect(UndoError.nothingToUndo.exitCode == .failure)
        #expect(UsageError.unknownCommand("frobnicate").exitCode == .usage)
        #expect(HouseholdError.noSuchItem("abc").exitCode == .failure)
    }

    /// An unknown id is quoted back cut to 40 characters: a 120 KB id is not 120 KB on stderr.
    @Test func anUnknownIdIsQuotedBackCut() {
        let id = String(repeating: "x", count: 120_000)
        for language in [Language.en, .ja] {
            let message = HouseholdError.noSuchItem(id).message(in: language)
            #expect(message.count < 100, "\(message.prefix(120))")
            #expect(message.contains(String(repeating: "x", count: 40) + "…"))
            #expect(FixedCostError.notFound(id).message(in: language).count < 100)
        }
        #expect(HouseholdError.noSuchItem("abc").message(in: .en) == "no item with id 'abc'")
    }

    @Test func libraryMessagesNameNoCommandOrFlagAndTheCommandLineAddsThem() {
        let failures: [any KakeiboFailure] = [
            StoreError.noHome, BudgetError.notSet("food"), UndoError.nothingToUndo, UndoError.noSuchBackup(7),
            UndoError.alreadyUndone(number: 3, by: 4),
            UndoError.changedSince(number: 1, path: "2024-12.json", by: (2, StoreOperation(name: "add", time: .init(milliseconds: 0)))),
        ]
        for failure in failures {
            for language in [Language.en, .ja] {
                let library = failure.message(in: language)
                #expect(!library.contains("--") && !library.contains("kakeibo "), "\(library)")
                let shown = failure.commandLineMessage(in: language)
                #expect(shown.hasPrefix(library) && shown.count > library.count, "\(shown)")
            }
        }
        #expect(BudgetError.notSet("food/drink").commandLineMessage(in: .en) == "there is no budget for food/drink (see 'kakeibo budget list')")
        #expect(StoreError.noHome.commandLineMessage(in: .en) == "cannot tell where the store is: set KAKEIBO_HOME or HOME, or give --store DIR")
        #expect(UndoError.alreadyUndone(number: 3, by: 4).commandLineMessage(in: .en) == "#3 was already undone by #4; 'kakeibo undo 4' puts it back")
    }
}
