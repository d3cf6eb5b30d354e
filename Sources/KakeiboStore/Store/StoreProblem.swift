import KakeiboValues

/// One problem `kakeibo check` found: how serious, in which file, with which item, and what.
public struct StoreProblem: Sendable, Equatable {
    public enum Severity: String, Sendable {
        /// Something a command would refuse, or that is wrong: `check` exits 1.
        case error
        /// Legal but worth knowing (an unknown category code), or left by an interruption and cleaned up by itself.
        case warning
    }

    public enum Kind: Sendable, Equatable {
        case io(StoreError)
        case month(MonthFileProblem)
        case duplicateAcrossMonths(otherFile: String)
        case unknownCategory(CategoryCode)
        /// A settings file (budgets.json, fixed.json, notes.json, rules.json, ic-cards.json) that can't be used.
        case settings(SettingsFileProblem)
        case categories(TaxonomyProblem)
        /// A multi-month change was interrupted: committed (finished now) or not (its staged files thrown away).
        case interruptedChange(committed: Bool)
        /// A temporary file of a write that was interrupted.
        case leftoverFile
        /// A backup that can't be restored.
        case backup(BackupProblem)
        case summary(SummaryProblem)
        /// A row of the household server's that the last pull of its month could not understand and left out.
        case setAside(month: YearMonth, reason: LocalizedText)
        /// A path kakeibo opens that is not what it may open (a link, a FIFO, a device, a directory for a file).
        case notAFile(NodeKind)
        /// A file named like a month (`2024-13.json`) that no month is, holding `items` items (nil: unreadable).
        case notAMonth(items: Int?)
        /// An item marked synced whose content is not what was last synced, with nothing queued to send it.
        case diverged(month: YearMonth)
        /// An item whose change the household server refused, and why.
        case refused(reason: String)
        /// The store differs from what it last synced, and nothing waiting to be sent explains it: an item the server
        /// has (at `revision`) that is gone here, or (nil) one marked synced that the server never confirmed.
        case unexplained(month: YearMonth?, revision: Int?)
        /// A household setting here (`rules`, `notes-2024`) longer than the household server keeps: it never syncs.
        case settingTooLarge(setting: String, length: Int)
    }

    /// What is wrong with a month's summary.
    public enum SummaryProblem: Sendable, Equatable {
        case unreadable, stale, disagrees, orphan
    }

    public let severity: Severity
    public let path: String
    /// The item's id, or "[index]" when it has none that can be read.
    public let item: String?
    public let kind: Kind

    public init(_ severity: Severity, _ path: String, _ kind: Kind, item: String? = nil) {
        self.severity = severity
        self.path = path
        self.kind = kind
        self.item = item
    }

    /// Whether this warning still makes `check` exit 1 (docs/exit-codes.md): the members would not end equal.
    public var failsCheck: Bool {
        switch kind {
        case .refused, .unexplained: return true
        default: return severity == .error
        }
    }

    /// A stable name for the kind of problem, for scripts (`kind` in JSON).
    public var code: String {
        switch kind {
        case .io: return "io"
        case .month(let problem):
            switch problem {
            case .item: return "item"
            case .dateOutsideMonth: return "dateOutsideMonth"
            case .duplicateID: return "duplicateID"
            case .schemaNewer: return "schemaNewer"
            default: return "unreadable"
            }
        case .duplicateAcrossMonths: return "duplicateID"
        case .unknownCategory: return "unknownCategory"
        case .settings(let problem): return problem.form.root
        case .categories: return "categories"
        case .interruptedChange: return "interruptedChange"
        case .leftoverFile: return "leftoverFile"
        case .backup: return "backup"
        case .summary: return "summary"
        case .setAside: return "setAside"
        case .unexplained: return "unsynced"
        case .notAFile: return "notAFile"
        case .notAMonth: return "notAMonth"
        case .diverged: return "diverged"
        case .refused: return "refused"
        case .settingTooLarge: return "settingTooLarge"
        }
    }

    public func message(in language: Language) -> String {
        switch kind {
        case .io(let error): return error.message(in: language)
        case .month(let problem):
            switch problem {
            case .item(let item): return (item.field.map { "\($0): " } ?? "") + item.problem.message(in: language)
            case .dateOutsideMonth(_, _, let date):
                return language.pick("dated \(date.iso), outside this file's month", "日付 \(date.iso) がこのファイルの月の外です")
            case .duplicateID: return language.pick("appears twice in this file", "このファイルに 2 回あります")
            default: return problem.message(in: language)
            }
        case .duplicateAcrossMonths(let other):
            return language.pick("the same id is also in \(other)", "同じ ID が \(other) にもあります")
        case .unknownCategory(let code):
            let sub = code.subcategory.map { language.pick(", subcategory \($0)", "、内訳 \($0)") } ?? ""
            return language.pick(
                "category code \(code.category)\(sub) is not in the categories (kept as it is; shown as a number)",
                "項目コード \(code.category)\(sub) は項目の一覧にありません（そのまま保存され、番号で表示されます）")
        case .settings(let problem): return problem.message(in: language)
        case .categories(let problem): return problem.message(in: language)
        case .interruptedChange(let committed):
            return committed
                ? language.pick("a change of several months was interrupted after it committed: finished it", "複数の月の変更が確定後に中断されていたので、完了させました")
                : language.pick(
                    "a change of several months was interrupted before it committed (nothing had changed); the next change removes what it staged",
                    "複数の月の変更が確定前に中断されていました（何も変わっていません）。準備されたファイルは次の変更で削除されます")
        case .leftoverFile:
            return language.pick(
                "temporary file of an interrupted write (the month files are intact); the next change removes it",
                "中断された書き込みの一時ファイルです（月のファイルは無事です）。次の変更で削除されます")
        case .backup(let problem): return problem.message(in: language)
        case .notAFile(let kind): return kind.checkMessage(in: language)
        case .notAMonth(let items):
            let holding = items.map { language.pick(" (it holds \($0) item\($0 == 1 ? "" : "s"))", "（\($0) 件のデータがあります）") } ?? ""
            return language.pick(
                "named like a month file, but no month has this name: no command reads it\(holding); rename it to its month's name (2024-12.json) or move it away",
                "月のファイルのような名前ですが、そのような月はありません。どのコマンドも読みません\(holding)。正しい月の名前（2024-12.json）に変えるか、移動してください")
        case .diverged(let month):
            return language.pick(
                "changed here since it was last synced (a hand edit?), with nothing queued to send it: the other members still have the synced version; the next 'kakeibo sync \(month.year) \(month.month)' sends this one",
                "前回の同期の後にここで変更されていますが（手で編集しましたか）、送る変更がありません。ほかのメンバーには同期済みの内容が残っています。次の 'kakeibo sync \(month.year) \(month.month)' でこの内容を送ります")
        case .refused(let reason):
            return language.pick(
                "the household server refused this item's change (\(terminalSafe(reason))): it stays here only; fix it ('kakeibo edit') and sync",
                "家計簿サーバーがこのデータの変更を拒否しました（\(terminalSafe(reason))）。ここにだけあります。'kakeibo edit' で直してから同期してください")
        case .setAside(let month, let reason):
            return language.pick(
                "a row of the household server's \(month.iso) was set aside by the last pull: \(reason.en); fix it in the sheet (the rest of the month was pulled)",
                "家計簿サーバーの \(month.iso) の行を前回の pull で取り込みませんでした: \(reason.ja)。シートで直してください（月の残りは取り込み済みです）")
        case .settingTooLarge(let setting, let length):
            return language.pick(
                "the household's \(setting) here is \(Yen(length).grouped) characters, more than the household server keeps of a setting (\(Yen(ServerCell.limit).grouped)): it never syncs, the other members don't have it; shorten it (remove entries no longer needed)",
                "ここにある家計の \(setting) は \(Yen(length).grouped) 文字で、家計簿サーバーがひとつの設定に保存できる長さ（\(Yen(ServerCell.limit).grouped) 文字）を超えます。同期されず、ほかのメンバーにはありません。不要な項目を削除して短くしてください"
            )
        case .unexplained(let month, let revision): return StoreProblem.unexplained(month: month, revision: revision, in: language)
        case .summary(let problem): return problem.message(in: language)
        }
    }

    /// What `unexplained` says: an item the server has (at `revision`) gone here, or one it never had marked synced.
    static func unexplained(month: YearMonth?, revision: Int?, in language: Language) -> String {
        let pull = month.map { "kakeibo pull \($0.year) \($0.month)" } ?? "kakeibo pull YEAR MONTH"
        if let revision {
            return language.pick(
                "the household server has this item (revision \(revision)) but it is gone here with no delete to send: the other members still have it; '\(pull)' brings it back (then delete it to delete it for everyone)",
                "家計簿サーバーにはこのデータ（版 \(revision)）がありますが、ここでは送る削除もなく消えています。ほかのメンバーには残っています。'\(pull)' で戻してから、全員から消すには削除してください")
        }
        return language.pick(
            "marked synced here, but the household server never had it (synced with another server or household before?): it exists only here; 'kakeibo sync --all' sends it",
            "ここでは同期済みですが、家計簿サーバーにはありません（以前に別のサーバーや家計と同期しましたか）。ここにしかありません。'kakeibo sync --all' で送ります")
    }
}

extension StoreProblem.SummaryProblem {
    /// What is wrong with the summary, and that the month is read instead.
    func message(in language: Language) -> String {
        let passed = language.pick(
            ": passed over (the month itself is read); the next change of the month rewrites it",
            "。使わずに月のファイルを読みます（次にその月を変更すると作り直されます）")
        switch self {
        case .unreadable: return language.pick("the month's summary can't be read", "月の集計を読めません") + passed
        case .stale: return language.pick("the month's summary was made from other contents of the month", "月の集計は月のファイルの別の内容から作られています") + passed
        case .orphan: return language.pick("a summary of a month that has no file", "ファイルのない月の集計です") + passed
        case .disagrees:
            return language.pick(
                "the month's summary disagrees with the month it was made from: year and trend totals would be wrong",
                "月の集計が元の月の内容と一致しません。年や推移の合計が誤って表示されます")
        }
    }
}

extension MonthFileProblem {
    /// The item a problem is about: its id, or its place ("[3]") when the id can't be read.
    var item: String? {
        switch self {
        case .item(let problem): return problem.id ?? "[\(problem.index)]"
        case .dateOutsideMonth(_, let id, _): return id
        case .duplicateID(let id): return id
        default: return nil
        }
    }
}
