import KakeiboOperations
import KakeiboStore
import KakeiboValues
import Testing

@testable import KakeiboRender

/// A purchase paid in parts says its legs: on an item's detail line in both languages, in its JSON only when it has
/// some, and on each side of a conflict whose versions differ in them.
@Suite struct PaymentLegsRenderTests {
    static func daiso(_ legs: [PaymentLeg]) -> WireItem {
        var details = ItemDetails(payment: "クレジット JCB 1234")
        details.legs = legs
        return WireItem(
            id: "pp:1", date: try! CalendarDate.parseISO("2024-06-12"), name: "ダイソー", price: Yen(1100), category: CategoryCode(0), details: details)
    }

    @Test func theDetailLineSaysWhatTheOtherAccountsPaid() {
        let details = Self.daiso([PaymentLeg(payment: "PayPay", price: Yen(100))]).details
        #expect(DetailLines.text(details, .en) == "クレジット JCB 1234 · also paid by PayPay ¥100")
        #expect(DetailLines.text(details, .ja) == "クレジット JCB 1234 · ほかに PayPay 100円 で支払い")
    }

    @Test func aConflictShowsTheLegsOfEachSide() {
        let mine = Self.daiso([PaymentLeg(payment: "PayPay", price: Yen(100))])
        let theirs = Self.daiso([PaymentLeg(payment: "PayPay", price: Yen(200))])
        let view = ConflictView(conflict: Conflict(id: "pp:1", theirs: theirs, theirsRevision: 3, theirsDeleted: false, code: "stale"), mine: mine)
        let text = ConflictRenderer.table([view], taxonomy: .standard, style: TextStyle(language: .en))
        #expect(text.contains("also paid by PayPay ¥100") && text.contains("also paid by PayPay ¥200"), "\(text)")
    }
}
