import KakeiboKit

/// Another app's export turned into kakeibo items, with an account of every row that was not imported.
package struct Conversion: Sendable {
    package var source: ImportSource
    package var encoding: SourceEncoding
    /// Rows read, the header aside.
    package var rows = 0
    package var items: [WireItem] = []
    package var skipped: [SkipReason: Int] = [:]
    /// The categories that went to `fallback` because nothing mapped them.
    package var unmapped: [UnmappedCategory] = []
    /// Where the rows of each unmapped category went, by its name (filed by rules or history, else unfiled).
    package var unmappedFiling: [String: (total: Int, codes: Set<CategoryCode>)] = [:]
    /// Items whose category nothing mapped, still to be filed (`file(by:)`): their place and what names them.
    var pending: [(index: Int, texts: [String], category: String)] = []
    /// Which of the app's headers the file has.
    package var variant = ""
    /// Names with a `?` in a Shift_JIS file: Zaim's Shift_JIS download writes `?` for every character Shift_JIS lacks.
    package var questionMarks = 0

    /// Files the items of categories nothing mapped by the household's rules, then its history, else as unfiled.
    package mutating func file(by filer: Filer) throws(ConvertProblem) {
        for entry in pending {
            let code: CategoryCode
            do { code = try filer.file(entry.texts, unfiled: true).category } catch { throw .rule(error) }
            items[entry.index].category = code
            unmappedFiling[entry.category, default: (0, [])].total += items[entry.index].price.amount
            unmappedFiling[entry.category, default: (0, [])].codes.insert(code)
        }
        pending = []
    }
    package var fallback: CategoryCode?
    /// Income rows imported (into the taxonomy's income categories).
    package var income = 0
    /// Transfers imported (between the household's accounts: counted neither as spending nor income).
    package var transfers = 0
    /// Names cut to 30 characters.
    package var shortened = 0
    /// Names that held line breaks or other control characters (each run became one space).
    package var cleaned = 0

    /// The account of this conversion beside the merge of its items: its file's part of the import report.
    package func summary(merged: MergeOutcome) -> ImportReport.Export {
        ImportReport.Export(
            merge: merged, source: source.rawValue, sourceName: source.displayName, encoding: encoding.rawValue, rows: rows, skipped: skipped,
            unmapped: unmapped.map { ($0.name, $0.count) }, fallback: fallback, income: income, shortened: shortened, cleaned: cleaned,
            transfers: transfers)
    }
}

/// Reads another app's export into kakeibo items: decode, parse the CSV, check the header, interpret each row,
/// map its category, name it and give it a stable id. Any bad row refuses the whole file.
package enum Converter {
    /// `income` says where income rows go; without it (a taxonomy with no income category) they are skipped.
    /// `transfers`, the category transfers are kept in (they count in none); without it they are skipped. A
    /// category nothing maps goes to `fallback` (`--category`); else, with `fileUnmapped`, it is left for
    /// `Conversion.file(by:)` (the household's rules and history, or unfiled) and listed; with neither, the file is
    /// refused.
    package static func convert(
        _ bytes: [UInt8], from source: ImportSource, mapping: CategoryMapping, fallback: CategoryCode?, income: IncomeTargets? = nil,
        transfers: CategoryCode? = nil, fileUnmapped: Bool = false
    ) throws(ConvertProblem) -> Conversion {
        do { try CSVReader.checkLines(bytes) } catch { throw .csv(error) }
        guard let (text, encoding) = SourceText.decode(bytes) else { throw .notText }
        let records: [CSVRecord]
        do { records = try CSVReader.records(text) } catch { throw .csv(error) }
        guard let header = records.first else { throw .empty(source) }
        let index = try columns(header, source)
        let renamed = header.fields.map(trimWhitespace).filter { name in source.aliases.values.contains { $0.contains(name) } }

        var conversion = Conversion(source: source, encoding: encoding, fallback: fallback)
        conversion.variant = "\(header.fields.count) columns" + (renamed.isEmpty ? "" : ", older names " + renamed.joined(separator: ", "))
        var unmapped: [String: Int] = [:]
        var occurrences: [String: Int] = [:]
        var seen: [String: (row: Int, item: WireItem)] = [:]
        for record in records.dropFirst() {
            conversion.rows += 1
            guard record.fields.count == header.fields.count else {
                throw .fieldCount(row: record.row, line: record.line, count: record.fields.count, expected: header.fields.count)
            }
            let row = try source.interpret(RowFields(record: record, index: index, dashIsEmpty: source == .zaim))
            let price: Yen
            var incomeTargets: IncomeTargets?
            var transfer: (from: String, to: String)?
            switch row.kind {
            case .expense(let amount): price = amount
            case .transfer(let amount, _, _) where transfers != nil && amount == .zero:
                conversion.skipped[.zero, default: 0] += 1
                continue
            case .transfer(let amount, let from, let to) where transfers != nil:
                price = amount
                transfer = (from, to)
            case .transfer:
                conversion.skipped[.transfer, default: 0] += 1
                continue
            case .income(let amount, nil) where income != nil:
                price = amount
                incomeTargets = income
            case .income(_, let reason?) where income != nil:
                conversion.skipped[reason, default: 0] += 1
                continue
            case .income:
                conversion.skipped[.income, default: 0] += 1
                continue
            case .skipped(let reason):
                conversion.skipped[reason, default: 0] += 1
                continue
            }
            let id = source.idPrefix + (row.sourceID ?? occurrenceID(row.identity, &occurrences))
            if let transfer, let category = transfers {
                let name = itemName(row.names, source: source)
                let details = ItemDetails(
                    payment: detail(transfer.from, .payment), memo: row.details[.memo].flatMap { detail($0, .memo) },
                    transfer: detail(transfer.to, .payment) ?? source.displayName)
                let item = WireItem(id: id, date: row.date, name: name.text, price: price, category: category, details: details)
                guard seen[id] == nil else {
                    conversion.skipped[.duplicate, default: 0] += 1
                    continue
                }
                seen[id] = (row.row, item)
                conversion.transfers += 1
                conversion.items.append(item)
                continue
            }
            let code: CategoryCode
            let target = mapping.target(for: row.category, from: source)
            switch target {
            case .skip:
                conversion.skipped[.mapping, default: 0] += 1
                continue
            case _ where incomeTargets != nil:
                // Income stays income: a rule naming a spending category (or no rule) sends it to the income fallback.
                code = incomeTargets?.code(for: target) ?? CategoryCode(0)
            case .category(let mapped): code = mapped
            case nil:
                unmapped[row.category.name, default: 0] += 1
                if let fallback {
                    code = fallback
                    conversion.unmappedFiling[row.category.name, default: (0, [])].total += price.amount
                    conversion.unmappedFiling[row.category.name, default: (0, [])].codes.insert(code)
                } else if fileUnmapped {
                    code = CategoryCode(0)
                    conversion.pending.append(
                        (conversion.items.count, row.names.filter { !$0.isEmpty } + [row.details[.shop] ?? ""], row.category.name))
                } else {
                    continue
                }
            }
            let name = itemName(row.names, source: source)
            if encoding == .shiftJIS, name.text.contains("?") { conversion.questionMarks += 1 }
            var details = ItemDetails.none
            for (field, text) in row.details { details[field] = detail(text, field) }
            if row.yearOnly { details.tags = [Tags.yearOnly] }
            let item = WireItem(id: id, date: row.date, name: name.text, price: price, category: code, details: details)
            if let first = seen[id] {
                guard first.item == item else {
                    throw .field(row: row.row, line: row.line, column: "ID", .repeatedID(row.sourceID ?? id, firstRow: first.row))
                }
                conversion.skipped[.duplicate, default: 0] += 1
                continue
            }
            seen[id] = (row.row, item)
            if name.shortened { conversion.shortened += 1 }
            if name.cleaned { conversion.cleaned += 1 }
            if incomeTargets != nil { conversion.income += 1 }
            conversion.items.append(item)
        }
        conversion.unmapped = unmapped.map { UnmappedCategory(name: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.name) > ($1.count, $0.name) }
        if fallback == nil, !fileUnmapped, !conversion.unmapped.isEmpty { throw .unmapped(conversion.unmapped) }
        return conversion
    }

    /// Each column's position; refuses a header without the source's columns, and says so when it is the other app's.
    static func columns(_ header: CSVRecord, _ source: ImportSource) throws(ConvertProblem) -> [String: Int] {
        if let index = Converter.header(header, source) { return index }
        let names = Set(header.fields.map(trimWhitespace))
        let missing = source.columns.filter { column in !names.contains(column) && !(source.aliases[column] ?? []).contains(where: names.contains) }
        throw .header(source, missing: missing, looksLike: ImportSource.allCases.first { $0 != source && Converter.header(header, $0) != nil })
    }

    /// Each column's position by the name kakeibo reads it by, an older export's spelling (`ImportSource.aliases`)
    /// filed under today's; nil when a column is missing.
    static func header(_ record: CSVRecord, _ source: ImportSource) -> [String: Int]? {
        StatementFields.header(record, required: source.columns, aliases: source.aliases)
    }

    /// "<hash of the identity>-<n>" where n counts rows with the same identity in the file, so two identical
    /// purchases on one day stay two items and importing the file again finds both.
    static func occurrenceID(_ identity: [String], _ occurrences: inout [String: Int]) -> String {
        let hash = stableHash(identity.joined(separator: "\u{1F}"))
        occurrences[hash, default: 0] += 1
        return "\(hash)-\(occurrences[hash]!)"
    }

    /// 64-bit FNV-1a, as 16 hex digits: the same on every run and machine (Swift's own Hasher is seeded per process).
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The first candidate that has something in it once control characters are gone, cut to 30 characters; the
    /// app's name when every candidate is empty.
    /// A detail as kakeibo can keep it: control characters as one space, cut to the field's length; nil when empty.
    static func detail(_ raw: String, _ field: DetailField) -> String? {
        var text = trimWhitespace(withoutControls(raw).text)
        if text.count > field.maximumLength { text = String(text.prefix(field.maximumLength)) }
        return try? field.validate(text)
    }

    /// The text with each run of control characters (line breaks among them) as one space, and whether it had any.
    static func withoutControls(_ raw: String) -> (text: String, cleaned: Bool) {
        var text = ""
        var cleaned = false
        var inControlRun = false
        for scalar in raw.unicodeScalars {
            if ItemName.isControl(scalar) {
                if !inControlRun { text.unicodeScalars.append(" ") }
                inControlRun = true
                cleaned = true
            } else {
                text.unicodeScalars.append(scalar)
                inControlRun = false
            }
        }
        return (text, cleaned)
    }

    static func itemName(_ candidates: [String], source: ImportSource) -> (text: String, shortened: Bool, cleaned: Bool) {
        for candidate in candidates {
            var (text, cleaned) = withoutControls(candidate)
            text = trimWhitespace(text)
            guard !text.isEmpty else { continue }
            let shortened = text.count > ItemName.maximumLength
            if shortened { text = trimWhitespace(String(text.prefix(ItemName.maximumLength))) }
            if let valid = try? ItemName.validate(text) { return (valid, shortened, cleaned) }
        }
        return (source.displayName, false, false)
    }
}
