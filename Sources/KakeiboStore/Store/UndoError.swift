import KakeiboValues

/// Why `undo` put nothing back (exit 1; the store is unchanged).
public enum UndoError: KakeiboFailure, Equatable {
    case nothingToUndo
    case noSuchBackup(Int)
    case alreadyUndone(number: Int, by: Int)
    case interrupted(number: Int)
    /// A month the change touched is no longer as the change left it; `by` is the later change that did it, if known.
    case changedSince(number: Int, path: String, by: (number: Int, operation: StoreOperation)?)
    case damaged(number: Int, path: String)
    /// The backup's record can't be read, so what it changed is unknown: nothing older is undone behind it.
    case unreadable(number: Int, path: String)
    /// The backup is a sync's: what it received is the household's (another member's changes), not this store's own.
    case sync(number: Int, name: String)
    /// An item the change touched has changed since (another member's change a sync brought, or a later change).
    case itemChanged(number: Int, id: String)
    /// A file the change touched was replaced since by a sync (another member's version of a household setting).
    case changedBySync(number: Int, path: String, by: Int)

    public static func == (a: UndoError, b: UndoError) -> Bool { a.message(in: .en) == b.message(in: .en) }

    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        let nothing = language.pick("nothing was restored", "何も戻していません")
        switch self {
        case .nothingToUndo:
            return language.pick(
                "no change to undo: the backups hold none still in effect", "取り消せる変更がありません")
        case .noSuchBackup(let number):
            return language.pick("no backup #\(number)", "バックアップ #\(number) はありません")
        case .alreadyUndone(let number, let by):
            return language.pick("#\(number) was already undone by #\(by)", "#\(number) は #\(by) で取り消し済みです")
        case .interrupted(let number):
            return language.pick(
                "#\(number) never happened (its command was interrupted before changing anything): \(nothing)",
                "#\(number) は実行されていません（コマンドが変更前に中断されました）。\(nothing)")
        case .changedSince(let number, let path, let by):
            if let by {
                let what = by.operation.describe(language)
                return language.pick(
                    "\(path) has changed since #\(number), by #\(by.number) (\(what)): undo #\(by.number) first; \(nothing)",
                    "#\(number) の後に #\(by.number)（\(what)）が \(path) を変更しています。先に #\(by.number) を取り消してください。\(nothing)")
            }
            return language.pick(
                "\(path) has changed since #\(number) in a way the backups don't hold (edited by hand?): \(nothing)",
                "#\(number) の後に \(path) がバックアップにない形で変更されています（手で編集しましたか？）。\(nothing)")
        case .unreadable(let number, let path):
            return language.pick(
                "backup #\(number)'s record \(path) can't be read, so the latest change can't be told apart; fix its permissions or remove backups/\(Backups.directoryLabel(number)) to undo an older change; \(nothing)",
                "バックアップ #\(number) の記録 \(path) を読めないため、最新の変更がわかりません。権限を直すか backups/\(Backups.directoryLabel(number)) を削除してください。\(nothing)")
        case .sync(let number, let name):
            return language.pick(
                "#\(number) is a \(name): what it received is the other members' and stays (change or delete those items instead, and the next sync sends that); \(nothing)",
                "#\(number) は \(name) です。受け取った内容はほかのメンバーのものなので戻しません（そのデータを変更・削除すれば次の同期で送ります）。\(nothing)")
        case .itemChanged(let number, let id):
            return language.pick(
                "\(terminalSafe(id)) has changed since #\(number) (a sync brought another member's change, or a later change here): edit it instead; \(nothing)",
                "#\(number) の後に \(terminalSafe(id)) が変更されています（同期でほかのメンバーの変更が届いたか、後の変更）。直接編集してください。\(nothing)")
        case .changedBySync(let number, let path, let by):
            return language.pick(
                "\(path) has changed since #\(number): sync #\(by) took another member's version, which a sync never undoes; change it instead; \(nothing)",
                "#\(number) の後に同期 #\(by) が \(path) をほかのメンバーの内容にしました。同期は取り消しません。直接変更してください。\(nothing)")
        case .damaged(let number, let path):
            return language.pick(
                "backup #\(number) is damaged: \(path) is not the file it recorded; \(nothing)",
                "バックアップ #\(number) が壊れています: \(path) が記録と一致しません。\(nothing)")
        }
    }
}
