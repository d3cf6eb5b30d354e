import KakeiboValues

extension LedgerRenderer {
    /// The account an item is paid from: `assets:cash` without a payment method (as before methods existed);
    /// a method whose name says it is a card (カード, card) is what the household owes, `liabilities:楽天カード`;
    /// any other (現金, Suica, a bank) is `assets:現金`. `ledger bal` then shows what was paid each way.
    static func paymentAccount(_ payment: String?) -> String {
        guard let payment else { return "assets:cash" }
        let lowered = payment.lowercased()
        let root = lowered.includes("カード") || lowered.includes("card") ? "liabilities:" : "assets:"
        return root + accountSegment(payment)
    }

    /// A name both ledger and hledger read as one account segment: ':' (a sub-account), whitespace (two spaces end
    /// the account), ';' (a comment) and a leading '(' or '[' (a virtual posting) become full-width or '_'.
    static func accountSegment(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            switch scalar {
            case ":": out += "："
            case ";": out += "；"
            case "(" where out.isEmpty: out += "（"
            case "[" where out.isEmpty: out += "［"
            default: out.unicodeScalars.append(isWhitespace(scalar) ? "_" : scalar)
            }
        }
        return out
    }
}
