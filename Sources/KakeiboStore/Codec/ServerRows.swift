import KakeiboValues

/// A month's answer from the household server, read liberally: every row that can be understood, and the rows that
/// can't, set aside with the reason. Reading the server never refuses a whole month for one row (a row typed into
/// the sheet by hand, or two members' pushes of the same items at once, must not lock the month for everyone).
public struct ServerRows: Sendable, Equatable {
    /// The rows understood, in the server's order, repeats included (`ServerRead` folds them).
    public var items: [WireItem]
    /// The rows set aside: no id, no or a bad date, a price that isn't a whole number, …
    public var setAside: [SetAsideRow]

    public init(items: [WireItem], setAside: [SetAsideRow] = []) {
        self.items = items
        self.setAside = setAside
    }

    /// Reads an answer: a JSON array whose elements are read one by one. An answer that isn't a JSON array (an
    /// HTML page, a truncated body, another service's JSON) is still refused as a whole.
    public static func decode(_ bytes: [UInt8]) throws(WireProblem) -> ServerRows {
        try WireFormat.readArray(bytes) { scanner in
            var rows = ServerRows(items: [])
            while try scanner.nextElement() {
                let start = scanner
                do throws(ItemReader.Failure) {
                    let fields = try ItemReader.server.read(&scanner)
                    rows.items.append(
                        WireItem(
                            id: fields.id, date: fields.date, name: fields.name, price: fields.price, category: fields.category,
                            details: fields.details))
                } catch .json(let error, _, _) {
                    throw WireProblem.syntax(error)
                } catch .field(let problem, let id, let field) {
                    // Only this row is set aside: the scanner goes back to its start and steps over it whole,
                    // picking up its id if the id came after the field that failed.
                    scanner = start
                    let found = try ServerRows.skipRow(&scanner)
                    rows.setAside.append(SetAsideRow(id: id ?? found, reason: .unreadable(field: field, problem)))
                }
            }
            return rows
        }
    }

    /// One row of another answer (the change protocol's `item`), read as a month's rows are: nil when it would be set
    /// aside.
    public static func item(_ value: JSONValue) -> WireItem? {
        var writer = JSONWriter()
        JSONValue.array([value]).write(to: &writer)
        return (try? decode(writer.bytes))?.items.first
    }

    /// Steps over one row and returns its id (a string or a whole number) if it is an object that has one.
    private static func skipRow(_ scanner: inout JSONScanner) throws(JSONError) -> String? {
        guard try scanner.peekKind() == .object else {
            try scanner.skipValue()
            return nil
        }
        try scanner.beginObject()
        var id: String?
        while let key = try scanner.nextKey() {
            switch (key, try scanner.peekKind()) {
            case ("id", .string):
                let text = try scanner.readString()
                id = try? ItemID.validate(text)
            case ("id", .number):
                let before = scanner
                if let number = try? scanner.readInteger() {
                    id = String(number)
                } else {
                    scanner = before
                    try scanner.skipValue()
                }
            default: try scanner.skipValue()
            }
        }
        return id
    }
}

/// A row of the household server's that was not pulled, and why. The month it came with is added by whoever asked.
public struct SetAsideRow: Sendable, Equatable {
    /// Its id, when it has one that can be read.
    public var id: String?
    /// The month whose answer listed it (nil until the reader of a month's answer fills it in).
    public var month: YearMonth?
    public var reason: Reason

    public enum Reason: Sendable, Equatable {
        /// A field can't be understood (missing, of the wrong type, not a date, …).
        case unreadable(field: String?, FieldProblem)
        /// The server holds this id more than once with different contents: neither copy can be trusted.
        case differentCopies(count: Int)
    }

    public init(id: String?, month: YearMonth? = nil, reason: Reason) {
        self.id = id
        self.month = month
        self.reason = reason
    }

    public func message(in language: Language) -> String {
        switch reason {
        case .unreadable(let field, let problem): return (field.map { "\($0): " } ?? "") + problem.message(in: language)
        case .differentCopies(let count):
            return language.pick("the server holds this id in \(count) different versions", "サーバーにこの ID の内容の違う \(count) 通りの行があります")
        }
    }
}

/// Several months' rows read as one: identical repeats of a row fold into one (two members who pushed the same
/// items at the same moment); an id listed with different contents is set aside with every copy of it.
public struct ServerRead: Sendable, Equatable {
    /// The items to pull, each id once, in the server's order (months oldest first).
    public var items: [WireItem]
    /// The month each item came with.
    public var cameWith: [String: YearMonth]
    public var setAside: [SetAsideRow]
    /// Rows that repeated another exactly and were folded into it.
    public var folded: Int

    public init(_ months: [(month: YearMonth, rows: ServerRows)]) {
        var copies: [String: [WireItem]] = [:]
        var order: [(WireItem, YearMonth)] = []
        var setAside: [SetAsideRow] = []
        var folded = 0
        for (month, rows) in months {
            setAside += rows.setAside.map { SetAsideRow(id: $0.id, month: month, reason: $0.reason) }
            for item in rows.items {
                if let seen = copies[item.id] {
                    if seen.contains(item) { folded += 1 } else { copies[item.id]?.append(item) }
                    continue
                }
                copies[item.id] = [item]
                order.append((item, month))
            }
        }
        items = []
        cameWith = [:]
        for (item, month) in order {
            let versions = copies[item.id] ?? []
            if versions.count > 1 {
                setAside.append(SetAsideRow(id: item.id, month: month, reason: .differentCopies(count: versions.count)))
            } else {
                items.append(item)
                cameWith[item.id] = month
            }
        }
        self.setAside = setAside
        self.folded = folded
    }

    /// Ids the server holds that were set aside: a push must not append them again.
    public var setAsideIDs: Set<String> { Set(setAside.compactMap(\.id)) }
}
