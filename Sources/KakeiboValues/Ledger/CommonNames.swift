/// What everyday item names usually are, for an item nothing else files: `add 米 2400` is groceries before any rule
/// or history knows 米. A name is looked up whole (folded: width and case), then by the longest of the words that
/// mean the same wherever they appear (`inside`: "低脂肪牛乳" is milk, so groceries; パン is not among them, because
/// of パンツ and フライパン), then by its first word whole (a receipt's "食パン 6枚", "米 5kg"). Each word names a
/// category by its key path in the household categories (`Taxonomy.standard`); a taxonomy without that key (another
/// preset, a household's own categories.json) simply doesn't use the word. Rules and history always come first.
public enum CommonNames {
    /// Word → key path, for a whole name only. Words that are also part of other things' names ("ガス" in ガスト) are
    /// written in the form that means only the bill or the item (ガス代).
    static let words: [(String, String)] = [
        ("米", "food/grocery"), ("お米", "food/grocery"), ("パン", "food/grocery"),
        ("卵", "food/grocery"), ("たまご", "food/grocery"), ("肉", "food/grocery"), ("魚", "food/grocery"),
        ("果物", "food/grocery"), ("食材", "food/grocery"), ("rice", "food/grocery"), ("bread", "food/grocery"),
        ("milk", "food/grocery"), ("eggs", "food/grocery"), ("groceries", "food/grocery"),
        ("vegetables", "food/grocery"), ("お茶", "food/drink"), ("水", "food/drink"), ("coffee", "food/drink"),
        ("tea", "food/drink"), ("菓子", "food/sweets"), ("アイス", "food/sweets"), ("チョコ", "food/sweets"),
        ("sweets", "food/sweets"), ("snacks", "food/sweets"), ("昼食", "food/eating-out"), ("夕食", "food/eating-out"),
        ("外食", "food/eating-out"), ("カフェ", "food/eating-out"), ("lunch", "food/eating-out"),
        ("dinner", "food/eating-out"), ("酒", "entertainment/luxury"), ("お酒", "entertainment/luxury"),
        ("たばこ", "entertainment/luxury"), ("タバコ", "entertainment/luxury"), ("beer", "entertainment/luxury"),
        ("wine", "entertainment/luxury"), ("切手", "communication/postage"), ("診察", "medical/clinic"),
        ("床屋", "clothing/haircut"), ("ヘアカット", "clothing/haircut"), ("haircut", "clothing/haircut"),
        ("本", "education/books"), ("ゲーム", "entertainment/media"),
    ]

    /// Words that mean the same inside a longer name, as well as whole ("低脂肪牛乳" is milk).
    static let inside: [(String, String)] = [
        ("牛乳", "food/grocery"), ("野菜", "food/grocery"), ("豚肉", "food/grocery"), ("鶏肉", "food/grocery"),
        ("牛肉", "food/grocery"), ("豆腐", "food/grocery"), ("納豆", "food/grocery"), ("食料品", "food/grocery"),
        ("惣菜", "food/grocery"), ("弁当", "food/grocery"), ("調味料", "food/grocery"), ("コーヒー", "food/drink"),
        ("ジュース", "food/drink"), ("お菓子", "food/sweets"), ("ケーキ", "food/sweets"), ("ランチ", "food/eating-out"),
        ("ラーメン", "food/eating-out"), ("寿司", "food/eating-out"), ("居酒屋", "food/eating-out"),
        ("ビール", "entertainment/luxury"), ("ワイン", "entertainment/luxury"), ("電気代", "utilities/electricity"),
        ("電気料金", "utilities/electricity"), ("ガス代", "utilities/gas"), ("ガス料金", "utilities/gas"),
        ("水道代", "utilities/water"), ("水道料金", "utilities/water"), ("携帯代", "communication/mobile"),
        ("スマホ代", "communication/mobile"), ("ネット代", "communication/internet"), ("送料", "communication/postage"),
        ("ティッシュ", "daily/consumables"), ("トイレットペーパー", "daily/consumables"), ("洗剤", "daily/consumables"),
        ("ゴミ袋", "daily/consumables"), ("シャンプー", "daily/toiletries"), ("歯ブラシ", "daily/toiletries"),
        ("歯磨き粉", "daily/toiletries"), ("おむつ", "daily/childcare"), ("ペットフード", "daily/pets"), ("病院", "medical/clinic"),
        ("クリニック", "medical/clinic"), ("歯医者", "medical/dental"), ("薬局", "medical/medicine"),
        ("目薬", "medical/medicine"), ("風邪薬", "medical/medicine"), ("散髪", "clothing/haircut"),
        ("定期券", "transport/train"), ("新幹線", "transport/train"), ("給油", "car/fuel"), ("駐車場代", "car/parking"),
        ("高速代", "car/tolls"), ("雑誌", "education/books"), ("漫画", "education/books"), ("映画", "entertainment/media"),
        ("カラオケ", "entertainment/leisure"), ("プレゼント", "social/gifts"), ("お土産", "social/gifts"),
        ("ご祝儀", "social/ceremonies"), ("香典", "social/ceremonies"), ("食パン", "food/grocery"), ("バナナ", "food/grocery"),
        ("りんご", "food/grocery"), ("みかん", "food/grocery"), ("いちご", "food/grocery"), ("トマト", "food/grocery"),
        ("キャベツ", "food/grocery"), ("にんじん", "food/grocery"), ("玉ねぎ", "food/grocery"), ("じゃがいも", "food/grocery"),
        ("きゅうり", "food/grocery"), ("もやし", "food/grocery"), ("ヨーグルト", "food/grocery"), ("チーズ", "food/grocery"),
    ]

    private static let table: [[UInt8]: String] = Dictionary((words + inside).map { (TextFold.fold($0.0), $0.1) }) { first, _ in first }
    /// The words looked for inside a name, longest first.
    private static let inner: [([UInt8], String)] = inside.map { (TextFold.fold($0.0), $0.1) }.sorted { $0.0.count > $1.0.count }

    /// The category a name usually means in `taxonomy`, or nil when no word here names one it has.
    public static func category(of name: String, in taxonomy: Taxonomy) -> CategoryCode? {
        let folded = TextFold.fold(trimWhitespace(name))
        guard !folded.isEmpty else { return nil }
        var candidates: [String] = []
        if let path = table[folded] { candidates.append(path) }
        candidates += inner.filter { contains(folded, $0.0) }.map(\.1)
        // A receipt's line names the item, then its size or count: "食パン 6枚".
        if let first = folded.split(separator: UInt8(ascii: " ")).first, first.count < folded.count, let path = table[Array(first)] {
            candidates.append(path)
        }
        for path in candidates {
            if let code = try? taxonomy.resolve(path), !taxonomy.isIncome(code) { return code }
        }
        return nil
    }

    private static func contains(_ text: [UInt8], _ word: [UInt8]) -> Bool {
        guard word.count <= text.count else { return false }
        return (0...(text.count - word.count)).contains { start in text[start..<(start + word.count)].elementsEqual(word) }
    }
}
