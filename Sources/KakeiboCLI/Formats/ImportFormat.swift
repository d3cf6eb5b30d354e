import KakeiboKit

/// A kind of file `kakeibo import` reads: how it is told from its first bytes and how its items are written. `ImportFormat.all` is the one table of them; a new format is one entry there (and its reader:
/// docs/development.md says how).
package struct ImportFormat: Sendable {
    /// How a format's items go into the store, which decides what may be imported together.
    package enum Kind: Sendable {
        /// kakeibo's own items (JSON): merged by id, an export's settings with them. One file at a time.
        case items
        /// Another app's export, converted and merged by id (a row edited there updates the item). One at a time.
        case export
        /// A statement's lines, filed and added unless stored. Several at once, of any statement formats: one change.
        case statement
        /// A transit IC card's dump: its records priced from the card's balances, each added once (docs/ic-card.md).
        case cardDump
    }

    /// Its word for `--from`.
    package let name: String
    /// How messages name it: "MoneyForward ME's CSV export".
    package let title: LocalizedText
    /// How the list of formats tried names it: "MoneyForward ME".
    package let shortName: LocalizedText
    package let kind: Kind
    /// Whether a file's first bytes are this format. Detectors are tried in the table's order; the first wins.
    let detect: @Sendable (FileHead) -> Bool

    init(
        _ name: String, _ title: LocalizedText, short: LocalizedText, kind: Kind, detect: @escaping @Sendable (FileHead) -> Bool
    ) {
        self.name = name
        self.title = title
        shortName = short
        self.kind = kind
        self.detect = detect
    }

    /// Every format kakeibo reads, in the order they are tried.
    package static let all: [ImportFormat] = [
        ImportFormat(
            "kakeibo", LocalizedText(en: "kakeibo's export with its settings (JSON)", ja: "kakeibo の設定込みの書き出し（JSON）"),
            short: LocalizedText(en: "kakeibo JSON", ja: "kakeibo の JSON"), kind: .items
        ) { $0.firstNonSpace == UInt8(ascii: "{") },
        ImportFormat(
            "server", LocalizedText(en: "items in JSON (the household server's, or kakeibo's export)", ja: "JSON のデータ（家計簿サーバーや kakeibo の書き出し）"),
            short: LocalizedText(en: "household server JSON", ja: "家計簿サーバーの JSON"), kind: .items
        ) { $0.firstNonSpace == UInt8(ascii: "[") },
        ImportFormat(
            "moneyforward", LocalizedText(en: "MoneyForward ME's CSV export", ja: "マネーフォワード ME の CSV"),
            short: LocalizedText(en: "MoneyForward ME", ja: "マネーフォワード ME"), kind: .export
        ) { $0.hasHeader(["計算対象", "日付", "内容", "金額（円）", "大項目", "中項目"]) },
        ImportFormat(
            "zaim", LocalizedText(en: "Zaim's CSV export", ja: "Zaim の CSV"),
            short: LocalizedText(en: "Zaim", ja: "Zaim"), kind: .export
        ) { $0.hasHeader(["日付", "方法", "カテゴリ", "カテゴリの内訳", "支払元", "入金先"]) },
        ImportFormat(
            "rakuten-card", LocalizedText(en: "a 楽天カード statement", ja: "楽天カードの明細"),
            short: LocalizedText(en: "楽天カード", ja: "楽天カード"), kind: .statement
        ) { $0.hasHeader(["利用日", "利用店名・商品名", "利用金額"]) },
        ImportFormat(
            "smbc-vpass", LocalizedText(en: "a 三井住友カード Vpass statement", ja: "三井住友カード Vpass の明細"),
            short: LocalizedText(en: "三井住友カード Vpass", ja: "三井住友カード Vpass"), kind: .statement,
            detect: vpassBlock),
        ImportFormat(
            "paypay", LocalizedText(en: "a PayPay statement", ja: "PayPay の取引履歴"),
            short: LocalizedText(en: "PayPay", ja: "PayPay"), kind: .statement
        ) { $0.hasHeader(["取引日", "出金金額（円）", "取引内容", "取引番号"]) },
        ImportFormat(
            "yucho", LocalizedText(en: "a ゆうちょ銀行 statement", ja: "ゆうちょ銀行の入出金明細"),
            short: LocalizedText(en: "ゆうちょ銀行", ja: "ゆうちょ銀行"), kind: .statement
        ) { $0.hasHeader(["取引日", "入出金明細ＩＤ", "受入金額（円）", "払出金額（円）"], within: 8) },
        ImportFormat(
            "felica", LocalizedText(en: "a transit IC card's dump (Suica, PASMO, ICOCA…)", ja: "交通系 IC カードのダンプ（Suica・PASMO・ICOCA など）"),
            short: LocalizedText(en: "IC card dump", ja: "IC カードのダンプ"), kind: .cardDump
        ) { CardDump.recognises(Array($0.bytes)) },
    ]

    /// Whether a file of it is merged on its own, never read together with others (kakeibo's JSON, a card's dump).
    package var mergedAlone: Bool { kind == .items || kind == .cardDump }

    /// The `--from` word for "a statement, its format found from the file".
    package static let anyStatement = "statement"

    /// The format of `--from`'s word.
    package static func named(_ name: String) -> ImportFormat? { all.first { $0.name == name } }

    /// The format a file's first bytes show, or nil when no detector knows them.
    package static func detect(_ head: FileHead) -> ImportFormat? { all.first { $0.detect(head) } }

    /// 三井住友カード Vpass: no header; the first line is the card holder's name ending in 様, the card number (masked
    /// with * or ＊), the card's name.
    static func vpassBlock(_ head: FileHead) -> Bool {
        guard let first = head.records(1).first, first.count >= 3 else { return false }
        let holder = first[0]
        let endsInSama = FileHead.spellings("様").contains { holder.count > $0.count && holder.suffix($0.count).elementsEqual($0) }
        var number = first[1]
        for star in FileHead.spellings("＊") { number = number.removingAll(star) }
        let cardCharacters = Set(Array("0123456789*-".utf8))
        return endsInSama && !first[1].isEmpty && number.allSatisfy(cardCharacters.contains)
    }
}

extension ImportFormat: Equatable {
    package static func == (left: ImportFormat, right: ImportFormat) -> Bool { left.name == right.name }
}

extension [UInt8] {
    /// The bytes with every occurrence of `sequence` taken out.
    fileprivate func removingAll(_ sequence: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var index = startIndex
        while index < endIndex {
            if self[index...].starts(with: sequence) {
                index += sequence.count
            } else {
                out.append(self[index])
                index += 1
            }
        }
        return out
    }
}
