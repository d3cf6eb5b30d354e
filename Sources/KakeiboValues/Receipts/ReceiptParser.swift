/// Turns a receipt's OCR text (one printed line per line) into proposed items, reading the two layouts of the
/// shops the ExpenseLog app handles, and mixtures of them:
///
/// - a name and a price on one line: `ソ#11 牛乳  ¥198` (the register prefix `ソ#11` dropped);
/// - a name on one or more lines, then a price line: `カラーボックス` / `3段` / `1,899内`, with product code lines
///   (`#015 JAN4548927034969`) dropped. A quantity line (`2コ × 単98  ¥196`) also takes the name above it.
///
/// A price needs a ¥ sign, 円, a sign or a tax mark (内, 外, ※, 軽…); a bare number is never taken for one.
/// Subtotal, total, tax, payment and change lines (小計, 合計, 現計, 内消費税, お預り, お釣り…) are not items; the first
/// total read is the receipt's 合計, and nothing after it is an item.
/// A discount line (`値引 -40`, `割引 ▲100`, `クーポン ¥50`) reduces the item directly above it; when there is none
/// (it follows a subtotal, or opens the receipt) or the discount is as large as that item's price, it is an item of
/// its own with a negative price, so the items still add up to what was paid.
/// Every line that is none of these is listed in `unread` with its number; nothing is guessed.
public enum ReceiptParser {
    /// How many lines a broken name may take; older lines waiting for a price are listed as unread.
    static let maximumNameLines = 3

    public static func parse(_ text: String) -> ReceiptProposal {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { ReceiptText.normalise(String($0)) }
        var reader = Reader()
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let next = lines[(index + 1)...].first { !$0.isEmpty }
            reader.read(line, number: index + 1, next: next)
        }
        reader.finish()
        return ReceiptProposal(
            items: reader.items, total: reader.total, tax: reader.tax, unread: reader.unread, date: ReceiptHeader.date(lines),
            shop: ReceiptHeader.shop(lines))
    }

    /// The parser's state as it reads down the receipt.
    struct Reader {
        var items: [ReceiptProposal.ProposedItem] = []
        var unread: [ReceiptProposal.UnreadLine] = []
        var total: Yen?
        var tax: Yen?
        /// Lines of a name waiting for their price.
        var pending: [(number: Int, text: String, name: String)] = []
        /// The item a discount line would apply to: the one just read, if nothing but discounts came since.
        var discountable: Int?
        /// A discount line whose amount is on the next line ("割引 20%" / "-40").
        var pendingDiscount: (number: Int, text: String)?
        /// A total, tax or payment line whose amount is on the next line.
        var awaiting: ReceiptText.Summary?
        var afterTotal = false

        mutating func read(_ line: String, number: Int, next: String?) {
            let compact = ReceiptText.compact(line)
            if ReceiptText.isCode(compact) {
                // Codes usually open an item, so what waits above belongs to no item — unless the price comes next
                // and the code sits between a name and its price.
                if let next, case .amount(let amount) = ReceiptText.ending(next), amount.explicit, amount.rest.isEmpty {
                    return
                }
                flushPending()
                return
            }
            let ending = ReceiptText.ending(line)
            if let kind = ReceiptText.summary(line, compact) {
                flushPending()
                flushPendingDiscount()
                discountable = nil
                let trimmed = line.hasSuffix(")") ? String(line.dropLast()) : line
                if case .amount(let amount) = ReceiptText.ending(trimmed) {
                    record(kind, amount.value)
                } else {
                    awaiting = kind
                }
                return
            }
            if let kind = awaiting {
                awaiting = nil
                if case .amount(let amount) = ending, amount.rest.isEmpty {
                    record(kind, amount.value)
                    return
                }
            }
            if afterTotal { return unreadLine(number, line, .afterTotal) }
            let isDiscount = ReceiptText.isDiscount(compact)
            switch ending {
            case .amount(let amount) where isDiscount || amount.value < 0 || (pendingDiscount != nil && amount.rest.isEmpty):
                flushPending()
                let label = pendingDiscount.map { $0.text } ?? amount.rest
                let numbers = [pendingDiscount?.number, number].compactMap { $0 }
                pendingDiscount = nil
                discount(Yen(-abs(amount.value)), label: label, lines: numbers)
            case .amount(let amount) where amount.explicit:
                flushPendingDiscount()
                item(amount, line: line, number: number)
            case .malformed:
                flushPending()
                flushPendingDiscount()
                discountable = nil
                unreadLine(number, line, .unreadablePrice)
            case .amount:
                // A line ending in a bare number: not a price, and not a name either.
                flushPendingDiscount()
                unreadLine(number, line, ReceiptText.mentionsMoney(line) ? .unreadablePrice : .noPrice)
            case .none:
                unpriced(line, compact, number: number, isDiscount: isDiscount)
            }
        }

        /// A line with no amount at its end: a discount whose amount comes next, a line about money that can't be
        /// read, a header, or (part of) the name of an item whose price comes below.
        mutating func unpriced(_ line: String, _ compact: String, number: Int, isDiscount: Bool) {
            flushPendingDiscount()
            if isDiscount {
                flushPending()
                pendingDiscount = (number, line)
            } else if ReceiptText.mentionsMoney(line) {
                flushPending()
                unreadLine(number, line, .unreadablePrice)
            } else if ReceiptText.looksLikeHeader(line, compact) {
                flushPending()
                unreadLine(number, line, .noPrice)
            } else {
                let name = ReceiptText.name(line)
                guard !name.isEmpty else { return unreadLine(number, line, .noPrice) }
                pending.append((number, line, name))
                if pending.count > ReceiptParser.maximumNameLines {
                    let oldest = pending.removeFirst()
                    unreadLine(oldest.number, oldest.text, .noPrice)
                }
            }
        }

        /// A line with a price: the name is on it, or on the lines above (with a quantity, or nothing, beside the
        /// price), or starts above with a register prefix and ends on this line.
        mutating func item(_ amount: ReceiptText.Amount, line: String, number: Int) {
            let name = ReceiptText.name(amount.rest)
            var parts: [String]
            var numbers: [Int]
            if name.isEmpty || ReceiptText.isQuantity(name) {
                guard !pending.isEmpty else {
                    discountable = nil
                    return unreadLine(number, line, .noName)
                }
                parts = pending.map(\.name)
                numbers = pending.map(\.number)
                pending = []
            } else if let last = pending.last, ReceiptText.hasRegisterPrefix(last.text), !ReceiptText.hasRegisterPrefix(amount.rest) {
                parts = [pending.removeLast().name, name]
                numbers = [last.number]
                flushPending()
            } else {
                flushPending()
                parts = [name]
                numbers = []
            }
            items.append(.init(name: ReceiptText.fit(ReceiptText.join(parts)), price: Yen(amount.value), lines: numbers + [number]))
            discountable = items.count - 1
        }

        /// Applies a discount to the item above, or records it as an item of its own.
        mutating func discount(_ amount: Yen, label: String, lines: [Int]) {
            if let index = discountable, items[index].price + amount > .zero {
                items[index].price = items[index].price + amount
                items[index].discount = items[index].discount + amount
                items[index].lines += lines
                return
            }
            let cleaned = ReceiptText.name(label)
            items.append(.init(name: ReceiptText.fit(cleaned.isEmpty ? "値引" : cleaned), price: amount, lines: lines))
            discountable = nil
        }

        mutating func record(_ kind: ReceiptText.Summary, _ amount: Int) {
            switch kind {
            case .total:
                if total == nil { total = Yen(amount) }
                afterTotal = true
            case .externalTax:
                tax = (tax ?? .zero) + Yen(amount)
            case .other:
                break
            }
        }

        mutating func unreadLine(_ number: Int, _ text: String, _ reason: ReceiptProposal.Reason) {
            unread.append(.init(number: number, text: text, reason: reason))
        }

        mutating func flushPending() {
            for line in pending { unreadLine(line.number, line.text, .noPrice) }
            pending = []
        }

        mutating func flushPendingDiscount() {
            if let line = pendingDiscount { unreadLine(line.number, line.text, .noPrice) }
            pendingDiscount = nil
        }

        mutating func finish() {
            flushPending()
            flushPendingDiscount()
            unread.sort { $0.number < $1.number }
        }
    }
}
