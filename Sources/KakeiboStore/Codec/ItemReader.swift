import KakeiboValues

/// Reads one item's fields from JSON: the one place both month files and the household server's wire format do it.
///
/// The two differ only in what they accept, which is what an `ItemReader` holds: a month file's items are exactly
/// what kakeibo wrote, so anything else is refused; the wire format's come from a server or a spreadsheet, so it
/// bends where a spreadsheet would (see `wire`).
struct ItemReader: Sendable {
    /// Every field either format knows.
    enum Field: String, CaseIterable, Sendable {
        case id, date, name, price, category, subcategory, categorySub, sync, added
        case payment, shop, memo, member, personal, reimbursed, tags, transfer, merged, apart, memberFrom, legs, user

        /// Its bit in a set of fields already read.
        var bit: Int {
            switch self {
            case .id: 1
            case .date: 2
            case .name: 4
            case .price: 8
            case .category: 16
            case .subcategory: 32
            case .categorySub: 64
            case .sync: 128
            case .added: 256
            case .payment: 512
            case .shop: 1024
            case .memo: 2048
            case .member: 4096
            case .personal: 8192
            case .reimbursed: 16384
            case .tags: 32768
            case .transfer: 65536
            case .merged: 131072
            case .apart: 262144
            case .memberFrom: 524288
            case .legs: 1_048_576
            case .user: 2_097_152
            }
        }
    }

    /// What to do with a field the format doesn't have.
    enum Unknown: Sendable { case refuse, skip }

    /// The key the subcategory is stored under.
    var subcategoryKey: Field
    /// Whether the subcategory must be given (as a number or null), or may be left out for none.
    var subcategoryRequired: Bool
    /// Whether "" also means no subcategory (an empty spreadsheet cell).
    var emptySubcategoryIsNone: Bool
    /// Whether `categorySub` is read as the app's `ResponseItem` reads it (`try?`): anything that isn't a whole
    /// number ("1", true, 1.5, an object) is none, never a reason to set the row aside.
    var subcategoryAsApp = false
    /// Whether an id may be a number as well as a string.
    var numericIDs: Bool
    /// Whether a date may be "20241203" as well as "2024-12-03".
    var compactDates: Bool
    /// Whether the item carries what only this store records, `sync` and `added` (then both are required).
    var storedFields: Bool
    var unknownFields: Unknown
    /// Which items must keep kakeibo's own input rules (a name of 1–30 characters, trimmed; a price not 0).
    var inputRules: InputRules = .always

    /// Which items must keep the input rules. Whatever the rules, a price is within ±`Yen.limit` (so totals can't
    /// overflow) and a name holds no control characters (so it can't rewrite a terminal).
    enum InputRules: Sendable { case always, unlessSynced, never }

    /// A month file's items: every field, exactly as kakeibo writes them.
    /// A synced item is kept as the household server has it, so only items made here must keep the input rules.
    static let monthFile = ItemReader(
        subcategoryKey: .subcategory, subcategoryRequired: true, emptySubcategoryIsNone: false, numericIDs: false,
        compactDates: false, storedFields: true, unknownFields: .refuse, inputRules: .unlessSynced)

    /// The wire format's: `categorySub` may be a number, null, missing or ""; an id may be a number; the date may be
    /// compact; fields it doesn't know are skipped.
    static let wire = ItemReader(
        subcategoryKey: .categorySub, subcategoryRequired: false, emptySubcategoryIsNone: true, numericIDs: true,
        compactDates: true, storedFields: false, unknownFields: .skip)

    /// Rows pulled from the household server: the wire format, without kakeibo's input rules (reading the server is
    /// liberal; a price of 0 or an empty name typed into the sheet is kept as it is there), and `categorySub` read
    /// as the app reads it, so a row the app counts is counted here.
    static let server = ItemReader(
        subcategoryKey: .categorySub, subcategoryRequired: false, emptySubcategoryIsNone: true, subcategoryAsApp: true,
        numericIDs: true, compactDates: true, storedFields: false, unknownFields: .skip, inputRules: .never)

    private static let keys = JSONKeys<Field>()

    /// One item's fields; `sync` and `added` only with `storedFields`.
    struct Fields {
        var id: String
        var date: CalendarDate
        var name: String
        var price: Yen
        var category: CategoryCode
        var sync: SyncState?
        var added: Timestamp?
        var details: ItemDetails = .none

        /// The item as this store records it; nil unless `sync` and `added` were read (`storedFields` requires them).
        var storedItem: Item? {
            guard let sync, let added else { return nil }
            return Item(id: id, date: date, name: name, price: price, category: category, added: added, sync: sync, details: details)
        }
    }

    /// Why an item could not be read: its JSON is broken, or one of its fields is not acceptable.
    enum Failure: Error {
        case json(JSONError, id: String?, field: String?)
        case field(FieldProblem, id: String?, field: String?)
    }

    /// Whether this format has the field.
    private func has(_ field: Field) -> Bool {
        switch field {
        case .id, .date, .name, .price, .category: true
        case .subcategory, .categorySub: field == subcategoryKey
        case .sync, .added: storedFields
        case .payment, .shop, .memo, .member, .personal, .reimbursed, .tags, .transfer, .merged, .apart, .legs: true
        // Where a member came from is this store's own bookkeeping: the wire format skips it.
        case .memberFrom: storedFields
        // So is a statement line's 利用者, kept for member rules made later.
        case .user: storedFields
        }
    }

    /// An item's fields as read so far, each nil until its key comes.
    struct Draft {
        var id: String?
        var date: CalendarDate?
        var name: String?
        var price: Yen?
        var category: Int?
        var subcategory: Int?? = .none
        var sync: SyncState?
        var added: Timestamp?
        var details = ItemDetails.none
        /// The field being read, for a failure.
        var field: String?
    }

    /// Reads the item the scanner is at (it must be an object).
    func read(_ scanner: inout JSONScanner) throws(Failure) -> Fields {
        var draft = Draft()
        do {
            guard try scanner.peekKind() == .object else { throw FieldProblem.wrongType(expected: .object) }
            try scanner.beginObject()
            var seen = 0
            while let match = try scanner.nextKey(ItemReader.keys) {
                let key: Field
                switch match {
                case .known(let known) where has(known): key = known
                case .known(let other) where unknownFields == .refuse:
                    draft.field = other.rawValue
                    throw FieldProblem.unknownField
                case .other(let other) where unknownFields == .refuse:
                    draft.field = other
                    throw FieldProblem.unknownField
                default:
                    try scanner.skipValue()
                    continue
                }
                draft.field = key.rawValue
                guard seen & key.bit == 0 else { throw FieldProblem.duplicateField }
                seen |= key.bit
                try read(key, &scanner, into: &draft)
            }
        } catch let problem as FieldProblem {
            throw .field(problem, id: draft.id, field: draft.field)
        } catch let error as ValueError {
            throw .field(.invalid(error), id: draft.id, field: draft.field)
        } catch let error as JSONError {
            throw .json(error, id: draft.id, field: draft.field)
        } catch {
            throw .field(.missing, id: draft.id, field: draft.field)
        }
        return try fields(draft)
    }

    /// Reads the value of `key`, a field this format has, into `draft`.
    private func read(_ key: Field, _ scanner: inout JSONScanner, into draft: inout Draft) throws {
        let reader = FieldReader(field: key.rawValue)
        switch key {
        case .id:
            if numericIDs, try reader.kind(&scanner) == .number {
                draft.id = String(try reader.integer(&scanner))
            } else if numericIDs, try reader.kind(&scanner) != .string {
                throw FieldProblem.wrongType(expected: .stringOrNumber)
            } else {
                draft.id = try ItemID.validate(try reader.string(&scanner))
            }
        case .date:
            draft.date = try reader.date(&scanner, compact: compactDates)
        case .name:
            draft.name = try reader.string(&scanner)
        case .price:
            let value = Yen(try reader.integer(&scanner))
            guard value.amount.magnitude <= UInt(Yen.limit) else {
                throw FieldProblem.invalid(.price(String(value.amount), reason: .tooLarge))
            }
            draft.price = value
        case .category:
            draft.category = try reader.integer(&scanner)
        case .subcategory, .categorySub:
            if subcategoryAsApp {
                draft.subcategory = .some(try reader.appSubcategory(&scanner))
            } else if emptySubcategoryIsNone, try reader.kind(&scanner) == .string {
                guard try reader.string(&scanner).isEmpty else { throw FieldProblem.wrongType(expected: .wholeNumberOrNull) }
                draft.subcategory = .some(nil)
            } else {
                draft.subcategory = .some(try reader.optionalInteger(&scanner))
            }
        case .sync:
            let text = try reader.string(&scanner)
            guard let state = SyncState(rawValue: text) else { throw FieldProblem.unknownSyncState(text) }
            draft.sync = state
        case .added:
            draft.added = try reader.timestamp(&scanner)
        case .payment, .shop, .memo, .member, .transfer, .merged, .apart, .personal, .reimbursed, .tags, .memberFrom, .legs, .user:
            try readDetail(key, reader, &scanner, into: &draft.details)
        }
    }

    /// The item `draft` holds, once every field this format requires is there and acceptable.
    private func fields(_ draft: Draft) throws(Failure) -> Fields {
        func missing(_ name: Field) -> Failure { .field(.missing, id: draft.id, field: name.rawValue) }
        guard let id = draft.id else { throw missing(.id) }
        guard let date = draft.date else { throw missing(.date) }
        guard var name = draft.name else { throw missing(.name) }
        guard let price = draft.price else { throw missing(.price) }
        guard let category = draft.category else { throw missing(.category) }
        if subcategoryRequired, draft.subcategory == .none { throw missing(subcategoryKey) }
        if storedFields {
            guard draft.sync != nil else { throw missing(.sync) }
            guard draft.added != nil else { throw missing(.added) }
        }
        func invalid(_ error: ValueError, _ name: Field) -> Failure { .field(.invalid(error), id: draft.id, field: name.rawValue) }
        if inputRules == .always || (inputRules == .unlessSynced && draft.sync != .synced) {
            do { name = try ItemName.validate(name, entry: inputRules == .always) } catch { throw invalid(error, .name) }
            guard price.amount != 0 else { throw invalid(.price("0", reason: .zero), .price) }
        } else if name.unicodeScalars.contains(where: ItemName.isControl) {
            throw invalid(.nameControlCharacter, .name)
        }
        // Legs are checked against the price, whatever the rules: counted wrong, they would move money between accounts.
        if !draft.details.legs.isEmpty {
            do { _ = try PaymentLeg.validate(draft.details.legs, price: price, entry: false) } catch {
                throw .field(.legs(error), id: draft.id, field: Field.legs.rawValue)
            }
        }
        return Fields(
            id: id, date: date, name: name, price: price, category: CategoryCode(category, draft.subcategory ?? nil), sync: draft.sync,
            added: draft.added, details: draft.details)
    }
}
