/// What a history record is to a household's ledger, by its process type (byte 1) and terminal (byte 0).
///
/// The codes are those the public, reverse-engineered tables agree on (docs/ic-card.md#sources): the felicalib
/// wiki's 処理 table, suica-viewer's (MIT) and ICHistoryReader's usage types. Bit 7 of the process byte means "paid
/// together with cash" (0xC6 is 0x46, a purchase, partly in cash); the card's part is still the balance difference.
public enum TransitKind: String, Hashable, Sendable, CaseIterable {
    /// A train fare: through the exit gate (0x01), a ticket or fare adjustment paid with the card (0x03–0x06),
    /// a Shinkansen gate (0x13).
    case fare
    /// A bus or tram fare (0x0C, 0x0D, 0x0F, 0x19–0x1D, 0x23, or any record of an on-board terminal, 0x05).
    case bus
    /// A shop or vending-machine purchase (物販 0x46, 0x4B; its cancellation 0x4A gives the money back).
    case purchase
    /// Money put on the card (0x02, at the gate 0x14/0x15, PiTaPa 0x17, on a bus 0x1F, points 0x48, at a till 0x49).
    case charge
    /// Stored value paid back to the holder (控除 0x08, 取消 0x33): money leaving the card, not spending.
    case refund
    /// A record that only sets the balance: a new card (0x07) or a reissued one (0x10, 0x11).
    case balanceOnly
    /// A process type no public table explains.
    case unknown

    public init(process: UInt8, terminal: UInt8) {
        if terminal == 0x05 && process & 0x7F != 0x1F {
            self = .bus
            return
        }
        switch process & 0x7F {
        case 0x01, 0x03, 0x04, 0x05, 0x06, 0x13: self = .fare
        case 0x0C, 0x0D, 0x0F, 0x19, 0x1A, 0x1B, 0x1D, 0x23: self = .bus
        case 0x46, 0x4A, 0x4B: self = .purchase
        case 0x02, 0x14, 0x15, 0x17, 0x1F, 0x48, 0x49: self = .charge
        case 0x08, 0x33: self = .refund
        case 0x07, 0x10, 0x11: self = .balanceOnly
        default: self = .unknown
        }
    }

    /// Whether its price is spending, an item in the ledger (a fare, a bus ride, a purchase).
    public var isSpending: Bool { self == .fare || self == .bus || self == .purchase }
}
