/// Which card a dump is, from its IDm (when the dump gives one) and the account it is imported as (`--account NAME`,
/// else `CardHistory.defaultAccount`). An account is one card and a card one account, so two cards' records never
/// meet in one account's balance.
extension CardHistory {
    /// The card a dump goes to: one already read (its position), or a new one.
    public enum Identity: Hashable, Sendable {
        case known(Int)
        /// A card read before without an IDm, which this dump gives (its position, the IDm).
        case knownGainingIDm(Int, String)
        case new(Card)

        /// Whether the card is read for the first time.
        public var isNew: Bool {
            if case .new = self { true } else { false }
        }

        /// Whether the dump gives a card read before its IDm.
        public var gainsIDm: Bool {
            if case .knownGainingIDm = self { true } else { false }
        }
    }

    /// Finds the card: by IDm first, then by the account's name; a card read before without an IDm takes the one a
    /// later dump of the same account gives. `account` is nil when the command names none.
    public func identity(idm: String?, account: String?) throws(CardIdentityError) -> Identity {
        let name = account ?? CardHistory.defaultAccount
        if let idm, let index = cards.firstIndex(where: { $0.idm == idm }) {
            if let account, cards[index].account != account { throw .cardIsAnotherAccount(idm: idm, account: cards[index].account) }
            return .known(index)
        }
        if let index = cards.firstIndex(where: { $0.account == name }) {
            guard let idm else { return .known(index) }
            if let other = cards[index].idm { throw .accountIsAnotherCard(account: name, idm: other, dump: idm) }
            return .knownGainingIDm(index, idm)
        }
        return .new(Card(idm: idm, account: name))
    }

    /// The card an identity names, as it stands: a new one empty, a known one with the IDm it gains.
    public func card(_ identity: Identity) -> Card {
        switch identity {
        case .known(let position): return cards[position]
        case .knownGainingIDm(let position, let idm):
            var card = cards[position]
            card.idm = idm
            return card
        case .new(let card): return card
        }
    }

    /// Puts a card back where its identity says (a new card after the others).
    public mutating func keep(_ card: Card, as identity: Identity) {
        switch identity {
        case .known(let position), .knownGainingIDm(let position, _): cards[position] = card
        case .new: cards.append(card)
        }
    }

    /// The account of another card that already holds one of these records, byte for byte: the same card read before
    /// under another identity (a dump without its IDm, imported as another account).
    public func otherCard(holding records: [TransitRecord], besides identity: Identity) -> String? {
        let own: Int? =
            switch identity {
            case .known(let index), .knownGainingIDm(let index, _): index
            case .new: nil
            }
        let wanted = Set(records)
        for (index, card) in cards.enumerated() where index != own {
            if card.entries.contains(where: { wanted.contains($0.record) }) { return card.account }
        }
        return nil
    }
}

/// Why a dump can't be taken as the card it says it is, or the account named.
public enum CardIdentityError: Error, Equatable, Sendable {
    /// The dump's IDm is a card read before as another account.
    case cardIsAnotherAccount(idm: String, account: String)
    /// The account named is another card (its IDm), not the dump's.
    case accountIsAnotherCard(account: String, idm: String, dump: String)
    /// The dump's records were read before as another account's card.
    case recordsOfAnotherCard(account: String)
    /// A record with the number and day of one stored for the card, but other bytes: another card's dump?
    case differentRecord(sequence: Int, line: Int)
    /// A fare, bus ride or purchase after which the balance is higher than before it (line nil: a record read
    /// before, priced now): a record between them is missing, or is another card's.
    case balanceRose(sequence: Int, date: CalendarDate, line: Int?, by: Int)
}

extension CardIdentityError: KakeiboFailure {
    public var kind: FailureKind { .badInput }

    public func message(in language: Language) -> String {
        switch self {
        case .cardIsAnotherAccount(let idm, let account):
            return language.pick("card \(idm) was read before as the account \(account)", "カード \(idm) は口座「\(account)」として読み込み済みです")
        case .accountIsAnotherCard(let account, let idm, let dump):
            return language.pick(
                "the account \(account) is card \(idm), and this dump is card \(dump)", "口座「\(account)」はカード \(idm) で、このダンプはカード \(dump) です")
        case .recordsOfAnotherCard(let account):
            return language.pick(
                "these records were read before as the account \(account)'s card", "これらの履歴は口座「\(account)」のカードとして読み込み済みです")
        case .balanceRose(let sequence, let date, let line, let amount):
            let place = line.map { language.pick("line \($0): ", "\($0) 行目: ") } ?? ""
            return place
                + language.pick(
                    "record \(sequence) (\(date.iso)) is a fare or purchase, but the balance after it is ¥\(Yen(amount).grouped) higher than before it: a record between them is missing or another card's",
                    "履歴 \(sequence)（\(date.iso)）は運賃か買い物ですが、その後の残高が前より \(Yen(amount).grouped) 円多くなっています。間の履歴が欠けているか別のカードのものです")
        case .differentRecord(let sequence, let line):
            return language.pick(
                "line \(line): record \(sequence) differs from the one read before with the same number and day: is this another card?",
                "\(line) 行目: 履歴 \(sequence) が、同じ番号・日付で読み込み済みの履歴と食い違っています。別のカードではありませんか")
        }
    }
}
