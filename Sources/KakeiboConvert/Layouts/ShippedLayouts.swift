import KakeiboKit

/// The layouts kakeibo ships: banks and cards whose CSV layout is published or seen in public material
/// (Tests/Fixtures/downloads/PROVENANCE.md), each written in the layout file's own form so it reads like one a
/// household would write, and each tested on a file written from it. dカード is not here: no public description of
/// its CSV could be found, so its users write theirs (`--layout-init`).
package enum ShippedLayouts {
    /// Every shipped layout, parsed once.
    /// (One that doesn't parse is a bug the tests catch; it is left out rather than stopping every import.)
    package static let all: [Layout] = texts.compactMap { try? Layout.parse(Array($0.utf8), origin: origin) }

    /// Where a shipped layout comes from, as messages say it.
    package static let origin = "shipped with kakeibo"

    static let texts = [aeon, jcb, epos, saison, paypayCard, view, rakutenBank, sbiSumishin, mufg]

    static let aeon = """
        {"schema": 1, "name": "aeon-card", "title": "イオンカード", "account": "イオンカード", "encoding": "auto",
         "header": {"match": ["ご利用日", "利用者区分", "ご利用先", "支払方法", "ご利用金額"], "within": 20},
         "date": {"column": "ご利用日", "format": "yyMMdd"},
         "amount": {"column": "ご利用金額", "sign": "positive-is-spending"},
         "description": ["ご利用先"], "memo": ["備考"], "member": "利用者区分",
         "stop": [{"column": 1, "equals": "分割・ボーナス払い明細"}]}
        """

    static let jcb = """
        {"schema": 1, "name": "jcb", "title": "JCBカード (MyJCB)", "account": "JCBカード", "encoding": "cp932",
         "header": {"match": ["ご利用者", "カテゴリ", "ご利用日", "ご利用先など", "お支払い金額(￥)"], "within": 20},
         "date": {"column": "ご利用日", "format": "yyyy/MM/dd", "undated": "previous"},
         "amount": {"column": "お支払い金額(￥)", "sign": "positive-is-spending"},
         "description": ["ご利用先など"], "memo": ["摘要", "備考"]}
        """

    static let epos = """
        {"schema": 1, "name": "epos-card", "title": "エポスカード", "account": "エポスカード", "encoding": "cp932",
         "header": {"match": ["ご利用年月日", "ご利用場所", "ご利用金額（キャッシングでは元金になります）"], "within": 5},
         "date": {"column": "ご利用年月日", "format": "yyyy年M月d日"},
         "amount": {"column": "ご利用金額（キャッシングでは元金になります）", "sign": "positive-is-spending"},
         "description": ["ご利用場所"], "memo": ["備考"]}
        """

    static let saison = """
        {"schema": 1, "name": "saison-card", "title": "セゾンカード (Netアンサー)", "account": "セゾンカード", "encoding": "cp932",
         "header": {"match": ["利用日", "ご利用店名及び商品名", "本人・家族区分", "利用金額"], "within": 10},
         "date": {"column": "利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "利用金額", "sign": "positive-is-spending"},
         "description": ["ご利用店名及び商品名"], "memo": ["備考"]}
        """

    static let paypayCard = """
        {"schema": 1, "name": "paypay-card", "title": "PayPayカード", "account": "PayPayカード", "encoding": "auto",
         "header": {"match": ["利用日/キャンセル日", "利用店名・商品名", "利用金額"]},
         "date": {"column": "利用日/キャンセル日", "format": "yyyy/M/d"},
         "amount": {"column": "利用金額", "sign": "positive-is-spending"},
         "description": ["利用店名・商品名"], "member": "利用者"}
        """

    static let view = """
        {"schema": 1, "name": "view-card", "title": "ビューカード", "account": "ビューカード", "encoding": "cp932",
         "header": {"match": ["ご利用年月日", "ご利用箇所", "ご利用額"], "within": 10},
         "date": {"column": "ご利用年月日", "format": "yyyy/MM/dd"},
         "amount": {"column": "今回ご請求額・弁済金（うち手数料・利息）", "sign": "positive-is-spending"},
         "description": ["ご利用箇所"], "memo": ["現地通貨額", "通貨略称", "換算レート"],
         "ignore": [{"column": "ご利用年月日", "matches": "^[*＊0-9]{4}-"}]}
        """

    static let rakutenBank = """
        {"schema": 1, "name": "rakuten-bank", "title": "楽天銀行", "account": "楽天銀行", "encoding": "cp932",
         "header": {"match": ["取引日", "入出金(円)", "入出金内容"],
                    "aliases": {"入出金内容": ["入出金先内容"], "取引後残高(円)": ["残高(円)"]}},
         "date": {"column": "取引日", "format": "yyyyMMdd"},
         "amount": {"column": "入出金(円)", "sign": "negative-is-spending"},
         "description": ["入出金内容"]}
        """

    static let sbiSumishin = """
        {"schema": 1, "name": "sbi-sumishin", "title": "住信SBIネット銀行", "account": "住信SBIネット銀行", "encoding": "cp932",
         "header": {"match": ["日付", "内容", "出金金額(円)", "入金金額(円)"]},
         "date": {"column": "日付", "format": "yyyy/MM/dd"},
         "amount": {"spending": "出金金額(円)", "income": "入金金額(円)"},
         "description": ["内容"], "memo": ["メモ"]}
        """

    static let mufg = """
        {"schema": 1, "name": "mufg", "title": "三菱UFJ銀行", "account": "三菱UFJ銀行", "encoding": "cp932",
         "header": {"match": ["日付", "摘要", "摘要内容", "支払い金額", "預かり金額"]},
         "date": {"column": "日付", "format": "yyyy/M/d"},
         "amount": {"spending": "支払い金額", "income": "預かり金額"},
         "description": ["摘要", "摘要内容"], "memo": ["メモ"]}
        """
}
