/// `kakeibo conflicts`: each conflict's two versions side by side (table), or as JSON.
public enum ConflictRenderer {
    public static func table(_ views: [ConflictView], style: TextStyle, hint: Bool = true) -> String {
        let l = style.language
        guard !views.isEmpty else { return l.pick("No conflicts\n", "競合はありません\n") }
        var table = TextTable(
            [.left, .left, .left, .left, .right, .left],
            header: [
                l.pick("ID", "ID"), l.pick("Side", "側"), l.pick("Date", "日付"), l.pick("Name", "品名"), l.pick("Price", "金額"), l.pick("Category", "分類"),
            ])
        table.shrinkable = [3, 5]
        for view in views {
            table.add(row(view.conflict.id, l.pick("mine", "こちら"), view.mine, deleted: view.mine == nil, l))
            table.add(row("", l.pick("theirs", "サーバー"), view.conflict.theirs, deleted: view.conflict.theirsDeleted, l))
        }
        guard hint else { return table.render(style) }
        return table.render(style)
            + l.pick(
                "Keep one: kakeibo resolve ID mine|theirs\n", "どちらかを残す: kakeibo resolve ID mine|theirs\n")
    }

    private static func row(_ id: String, _ side: String, _ item: WireItem?, deleted: Bool, _ language: Language) -> [TextTable.Cell] {
        guard let item, !deleted else {
            return [.init(id), .init(side), .init("—"), .init(language.pick("(deleted)", "（削除）")), .init(""), .init("")]
        }
        return [
            .init(id), .init(side), .init(item.date.iso), .init(item.name), .init(item.price.formatted(language)),
            .init(item.category.subcategory.map { "\(item.category.category)/\($0)" } ?? String(item.category.category)),
        ]
    }

    public static func json(_ views: [ConflictView]) -> String {
        JSONRenderer.render(
            .array(
                views.map { view in
                    .object([
                        ("id", .string(view.conflict.id)), ("code", .string(view.conflict.code)),
                        ("mine", view.mine.map(WireJSON.value) ?? .null),
                        ("theirs", view.conflict.theirsDeleted ? .null : view.conflict.theirs.map(WireJSON.value) ?? .null),
                        ("theirsRevision", .integer(view.conflict.theirsRevision)),
                    ])
                }))
    }
}
