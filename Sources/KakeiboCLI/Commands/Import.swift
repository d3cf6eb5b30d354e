import KakeiboKit

/// `kakeibo import FILE|-` — loads items in the household server's wire format; an id already stored is updated.
struct ImportCommand: Command {
    static let name = "import"
    static let summary = LocalizedText(en: "Import items from a JSON file in the server's format", ja: "サーバー形式の JSON ファイルからデータを取り込む")
    static let synopsis = "import FILE|- [--format table|json]"
    static let arguments = [
        ("FILE", LocalizedText(
            en: "a JSON array of {\"id\",\"date\":\"20241203\",\"name\",\"price\",\"category\",\"categorySub\"}; - reads stdin",
            ja: "{\"id\",\"date\":\"20241203\",\"name\",\"price\",\"category\",\"categorySub\"} の JSON 配列。- は標準入力"))
    ]
    static let options = [OutputFormat.option([.table, .json])]
    static let examples = ["kakeibo import backup.json", "curl -sL \"$URL?year=2024&month=12\" | kakeibo import -"]

    let path: String
    let format: OutputFormat

    init(_ arguments: ParsedArguments, _ context: Context) throws {
        path = try ImportCommand.positionals(arguments, required: ["FILE"])[0]
        format = try OutputFormat.parse(arguments.value("--format"), allowed: [.table, .json])
    }

    func run(_ context: Context) throws {
        let bytes: [UInt8]
        if path == "-" {
            bytes = try Terminal.readStandardInput()
        } else {
            guard let read = try FileSystem.read(path) else { throw CommandError.readInput(path, code: 2) }
            bytes = read
        }
        let incoming: [WireItem]
        do { incoming = try WireFormat.decode(bytes) } catch { throw CommandError.importFile(path == "-" ? "stdin" : path, problem: error) }
        let summary = try context.store().write { transaction in
            try ImportPlan.apply(incoming, to: &transaction, now: context.clock.now)
        }
        switch format {
        case .json:
            context.print(JSONRenderer.render(.object([
                ("imported", .integer(incoming.count)), ("added", .integer(summary.added)),
                ("updated", .integer(summary.updated)), ("unchanged", .integer(summary.unchanged)),
                ("months", .array(summary.months.map { .string($0.iso) })),
            ])))
        default:
            let l = context.language
            context.print(l.pick(
                "Imported \(incoming.count) items: \(summary.added) new, \(summary.updated) updated, \(summary.unchanged) unchanged, in \(summary.months.count) months\n",
                "\(incoming.count) 件を取り込みました: 新規 \(summary.added)、更新 \(summary.updated)、変更なし \(summary.unchanged)（\(summary.months.count) か月）\n"))
        }
    }
}

/// How a batch of incoming items changes the store: new ids are added, known ids updated in place (or moved to
/// their new month), everything in one transaction.
enum ImportPlan {
    struct Summary {
        var added = 0
        var updated = 0
        var unchanged = 0
        var months: [YearMonth] = []
    }

    static func apply(_ incoming: [WireItem], to transaction: inout StoreTransaction, now: Timestamp) throws -> Summary {
        // Where each stored id lives: the whole store is read, since an id may come back with a new date.
        var location: [String: YearMonth] = [:]
        var months: [YearMonth: [Item]] = [:]
        for month in try transaction.months() {
            let items = try transaction.items(in: month)
            months[month] = items
            for item in items { location[item.id] = month }
        }
        var summary = Summary()
        var touched = Set<YearMonth>()
        for wire in incoming {
            let target = wire.date.yearMonth
            if let from = location[wire.id], let index = months[from]?.firstIndex(where: { $0.id == wire.id }) {
                let old = months[from]![index]
                var item = wire.item(added: old.added, sync: old.sync)
                if WireItem(old) == wire {
                    summary.unchanged += 1
                    continue
                }
                if from == target {
                    months[from]![index] = item
                } else {
                    months[from]!.remove(at: index)
                    item.added = old.added
                    months[target, default: []].append(item)
                    location[wire.id] = target
                    touched.insert(from)
                }
                summary.updated += 1
            } else {
                months[target, default: []].append(wire.item(added: now, sync: .pending))
                location[wire.id] = target
                summary.added += 1
            }
            touched.insert(target)
        }
        for month in touched.sorted() { try transaction.setItems(months[month] ?? [], in: month) }
        summary.months = touched.sorted()
        return summary
    }
}
