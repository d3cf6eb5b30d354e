import KakeiboValues

/// An item's details as the item reader reads them, in month files and the wire format alike.
extension ItemReader {
    /// Reads one of an item's details (`payment` to `tags`); null is none.
    func readDetail(_ key: Field, _ reader: FieldReader, _ scanner: inout JSONScanner, into details: inout ItemDetails) throws {
        if scanner.readNull() { return }
        switch key {
        case .payment, .shop, .memo, .member:
            // A spreadsheet's empty cell or null is no detail; the wire format is lenient there.
            let text = try reader.string(&scanner)
            if unknownFields == .skip && trimWhitespace(text).isEmpty { return }
            let detail = DetailField(rawValue: key.rawValue)!
            do { details[detail] = try detail.validate(text, entry: inputRules == .always) } catch { throw FieldProblem.detail(error) }
        case .transfer:
            // The account a transfer went to: a payment's rules.
            let text = try reader.string(&scanner)
            if unknownFields == .skip && trimWhitespace(text).isEmpty { return }
            do { details.transfer = try DetailField.payment.validate(text, entry: inputRules == .always) } catch {
                throw FieldProblem.detail(error)
            }
        case .merged:
            // The id of the item a line is merged into: an id's rules.
            let text = try reader.string(&scanner)
            if unknownFields == .skip && text.isEmpty { return }
            details.merged = try ItemID.validate(text)
        case .apart:
            guard try reader.kind(&scanner) == .bool else { throw FieldProblem.wrongType(expected: .boolean) }
            details.apart = try scanner.readBool()
        case .memberFrom:
            let text = try reader.string(&scanner)
            guard let origin = MemberOrigin(rawValue: text) else { throw FieldProblem.unknownMemberOrigin(text) }
            details.memberFrom = origin
        case .user:
            // A statement's 利用者, as the line's member is checked.
            let text = try reader.string(&scanner)
            do { details.user = try DetailField.member.validate(text, entry: false) } catch { throw FieldProblem.detail(error) }
        case .personal:
            guard try reader.kind(&scanner) == .bool else { throw FieldProblem.wrongType(expected: .boolean) }
            details.personal = try scanner.readBool()
        case .reimbursed:
            let value = try reader.integer(&scanner)
            guard (0...Yen.limit).contains(value) else { throw FieldProblem.invalid(.reimbursed(String(value))) }
            details.reimbursed = Yen(value)
        case .tags:
            try readTags(reader, &scanner, into: &details)
        case .legs:
            try readLegs(reader, &scanner, into: &details)
        default:
            break // the item's own fields, which `read(_:_:into:)` reads
        }
    }

    /// Reads the parts of a purchase other accounts paid (`ItemDetails.legs`): `[{"payment":"…","price":N}, …]`, at
    /// most `PaymentLeg.maximumCount`, each checked as a payment and a price more than 0 (their sum against the
    /// item's price once it is read).
    fileprivate func readLegs(_ reader: FieldReader, _ scanner: inout JSONScanner, into details: inout ItemDetails) throws {
        guard try reader.kind(&scanner) == .array else { throw FieldProblem.wrongType(expected: .arrayOfLegs) }
        try scanner.beginArray()
        var legs: [PaymentLeg] = []
        while try scanner.nextElement() {
            guard legs.count < PaymentLeg.maximumCount else { throw FieldProblem.legs(.tooMany(count: legs.count + 1)) }
            guard try reader.kind(&scanner) == .object else { throw FieldProblem.wrongType(expected: .arrayOfLegs) }
            try scanner.beginObject()
            var payment: String?
            var price: Int?
            while let key = try scanner.nextKey() {
                switch key {
                case "payment" where payment == nil: payment = try reader.string(&scanner)
                case "price" where price == nil: price = try reader.integer(&scanner)
                default: throw FieldProblem.wrongType(expected: .arrayOfLegs)
                }
            }
            guard let payment, let price else { throw FieldProblem.wrongType(expected: .arrayOfLegs) }
            guard price > 0, price <= Yen.limit else { throw FieldProblem.legs(.price(Yen(price))) }
            do { legs.append(PaymentLeg(payment: try DetailField.payment.validate(payment, entry: inputRules == .always), price: Yen(price))) } catch
            {
                throw FieldProblem.legs(.payment(error))
            }
        }
        details.legs = legs
    }

    /// Reads an item's tags.
    fileprivate func readTags(_ reader: FieldReader, _ scanner: inout JSONScanner, into details: inout ItemDetails) throws {
        // An array of tags, each as `Tags` checks it (a leading # taken off, each tag once).
        // Only what must keep the input rules keeps their limits: a tag typed into the sheet is pulled
        // as it is there, within the liberal bounds.
        guard try reader.kind(&scanner) == .array else { throw FieldProblem.wrongType(expected: .arrayOfStrings) }
        let limits: (length: Int, count: Int) = inputRules == .always ? (Tags.maximumLength, Tags.maximumCount) : Tags.liberal
        try scanner.beginArray()
        var texts: [String] = []
        while try scanner.nextElement() {
            guard texts.count < limits.count else { throw FieldProblem.tag(.tooMany(count: texts.count + 1)) }
            texts.append(try reader.string(&scanner))
        }
        do { details.tags = try Tags.validateAll(texts, length: limits.length, count: limits.count, entry: inputRules == .always) } catch {
            throw FieldProblem.tag(error)
        }
    }
}
