import KakeiboOperations
import KakeiboValues

/// The command line's wording of a refused change (exit 1): the operations layer says what, this says it to a person.
extension HouseholdError: KakeiboFailure {
    public var kind: FailureKind { .runtime }

    public func message(in language: Language) -> String {
        switch self {
        case .noSuchItem(let id):
            return language.pick("no item with id '\(quotedInput(id))'", "ID '\(quotedInput(id))' のデータはありません")
        case .ambiguousItem(let id, let matches):
            let list = matches.prefix(5).joined(separator: ", ") + (matches.count > 5 ? ", …" : "")
            return language.pick(
                "id '\(quotedInput(id))' matches \(matches.count) items (\(list)); give more of it",
                "ID '\(quotedInput(id))' に一致するデータが \(matches.count) 件あります（\(list)）。もっと長く指定してください")
        case .onServer(let item):
            // The household server only appends: deleting an item it has here alone would be undone by the next pull.
            return language.pick(
                "\(item.id) (\(terminalSafe(item.name))) is on the household server, which only appends: delete it there (the spreadsheet), then 'kakeibo pull \(item.date.year) \(item.date.month)' removes it here",
                "\(item.id)（\(terminalSafe(item.name))）は家計簿サーバーにあり、サーバーは追加しかできません。サーバー（スプレッドシート）で削除してから 'kakeibo pull \(item.date.year) \(item.date.month)' を実行すると、ここからも消えます"
            )
        }
    }
}
