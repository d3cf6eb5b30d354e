import KakeiboValues

/// Items' details in a table: a second, dimmed line under each item that has any ("現金 · まいばすけっと · ayumi ·
/// 個人 · メモ"), cut to the terminal's width, so the item columns stay as they are within 80 columns.
enum DetailLines {
    /// The details as one line of text, nil for none.
    static func text(_ details: ItemDetails, _ language: Language) -> String? {
        guard !details.isEmpty else { return nil }
        var parts: [String] = []
        if let payment = details.payment { parts.append(payment) }
        // A purchase paid in parts: what the other accounts paid ("+ PayPay ¥100"), the payment above the rest.
        if !details.legs.isEmpty { parts.append(legs(details.legs, language)) }
        if let shop = details.shop { parts.append("@" + shop) }
        if let member = details.member { parts.append(language.pick("by ", "") + member + language.pick("", " 払い")) }
        if details.personal { parts.append(language.pick("personal", "個人")) }
        if let reimbursed = details.reimbursed { parts.append(language.pick("reimbursed ", "補填 ") + reimbursed.formatted(language)) }
        if let memo = details.memo { parts.append("“" + memo + "”") }
        if !details.tags.isEmpty { parts.append(RulesRenderer.hashed(details.tags)) }
        return parts.joined(separator: " · ")
    }

    /// The parts of a purchase other accounts paid, as a detail line and a conflict show them.
    static func legs(_ legs: [PaymentLeg], _ language: Language) -> String {
        language.pick("also paid by ", "ほかに ") + legs.map { "\($0.payment) \($0.price.formatted(language))" }.joined(separator: ", ")
            + language.pick("", " で支払い")
    }

    /// Interleaves a rendered table (header first, then one line per item) with each item's detail line.
    static func interleave(_ table: String, _ items: [Item], hasHeader: Bool = true, style: TextStyle) -> String {
        interleave(table, details: items.map(\.details), hasHeader: hasHeader, style: style)
    }

    /// Interleaves a rendered table with one detail line for each row's details (for rows that aren't stored items).
    static func interleave(_ table: String, details items: [ItemDetails], hasHeader: Bool = true, style: TextStyle) -> String {
        interleave(table, lines: items.map { text($0, style.language) }, hasHeader: hasHeader, style: style)
    }

    /// Interleaves a rendered table with a dimmed line under each row that has one ("↳ …").
    static func interleave(_ table: String, lines texts: [String?], hasHeader: Bool = true, style: TextStyle) -> String {
        guard texts.contains(where: { $0 != nil }) else { return table }
        var lines = table.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let offset = hasHeader ? 1 : 0
        guard lines.count == texts.count + offset else { return table }
        var out = ""
        for (index, line) in lines.enumerated() {
            out += line + "\n"
            guard index >= offset, let text = texts[index - offset] else { continue }
            out += style.dim(truncate(terminalSafe("      ↳ " + text), to: style.width)) + "\n"
        }
        return out
    }
}
