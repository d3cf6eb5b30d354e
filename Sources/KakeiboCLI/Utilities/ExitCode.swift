import KakeiboKit

/// A process exit status with a documented meaning (see `kakeibo help`).
package struct ExitCode: RawRepresentable, Hashable, Sendable {
    package var rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Everything worked.
    package static let success = ExitCode(rawValue: 0)
    /// A runtime failure: I/O, an unreadable store, an unknown id.
    package static let failure = ExitCode(rawValue: 1)
    /// A usage error: a bad command, option or value.
    package static let usage = ExitCode(rawValue: 2)
    /// `kakeibo month --check-budget`: a category, or the month's total, is over its budget.
    package static let overBudget = ExitCode(rawValue: 3)
    /// `kakeibo pull`, `push` or `sync` did its work, but conflicts wait for `kakeibo resolve`.
    package static let conflicts = ExitCode(rawValue: 4)

    /// The status a failure of this kind ends the run with: bad input is a usage error, the rest runtime failures.
    package init(_ kind: FailureKind) {
        switch kind {
        case .badInput: self = .usage
        case .runtime: self = .failure
        }
    }
}

extension KakeiboFailure {
    /// The exit status this failure ends a run with.
    package var exitCode: ExitCode { ExitCode(kind) }

    /// The failure as the command line shows it: the library's message, then what to type about it, where there is
    /// a command or option that helps.
    package func commandLineMessage(in language: Language) -> String {
        message(in: language) + (CommandLineHint.for(self, language) ?? "")
    }
}

/// The command-line hints added to library errors: library messages never name commands or flags.
enum CommandLineHint {
    static func `for`(_ failure: any KakeiboFailure, _ language: Language) -> String? {
        switch failure {
        case StoreError.noHome:
            return language.pick(", or give --store DIR", "（--store DIR でも指定できます）")
        case StoreError.badCategories:
            return language.pick(
                " ('kakeibo categories init --force' restores the default categories)", "（'kakeibo categories init --force' で既定の項目に戻せます）")
        case CategoriesFileError.exists:
            return language.pick(" (add --force to replace it)", "（置き換えるには --force を付けてください）")
        case let failure as CardImportFailure:
            return failure.hint(language)
        case BudgetError.notSet:
            return language.pick(" (see 'kakeibo budget list')", "（'kakeibo budget list' を参照）")
        case let failure as UndoError:
            switch failure {
            case .nothingToUndo, .noSuchBackup:
                return language.pick(" (see 'kakeibo backups')", "（'kakeibo backups' を参照）")
            case .alreadyUndone(_, let by):
                return language.pick("; 'kakeibo undo \(by)' puts it back", "。'kakeibo undo \(by)' で元に戻せます")
            case .changedSince(_, _, let by?):
                return language.pick(" ('kakeibo undo \(by.number)')", "（'kakeibo undo \(by.number)'）")
            default:
                return nil
            }
        default:
            return nil
        }
    }
}
