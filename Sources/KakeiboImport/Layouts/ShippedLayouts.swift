import KakeiboKit

/// The layouts kakeibo ships: banks and cards whose CSV layout is published or seen in public material
/// (Tests/Fixtures/downloads/PROVENANCE.md and Tests/Fixtures/downloads2/PROVENANCE.md), each written in the layout
/// file's own form so it reads like one a household would write, and each tested on a file written from it.
/// Among several that fit a file, the one matching the most header names wins (みずほ's 明細通番 picks its dotted
/// dates); two equally good are refused, so no two share a header.
package enum ShippedLayouts {
    /// Every shipped layout, parsed once.
    /// (One that doesn't parse is a bug the tests catch; it is left out rather than stopping every import.)
    package static let all: [Layout] = texts.compactMap { try? Layout.parse(Array($0.utf8), origin: origin) }

    /// Where a shipped layout comes from, as messages say it.
    package static let origin = "shipped with kakeibo"

    static let texts = [
        aeon, jcb, epos, saison, paypayCard, view, rakutenBank, sbiSumishin, mufg,
        // Issue 39: Tests/Fixtures/downloads2.
        aeonBank, smbcBank, smbcBankWareki, mizuhoBank, mizuhoBankKanjiDate, jibunBank, sonyBank, tokyoStarBank, yokohamaBank, dcard, oricoCard,
        lifecard, jaccsCard,
        mufgNicosCard, ucCard, pocketCard, yahooCard, pitapa, sfcardViewer, paypal, amazonOrders, jaBank, mobileSuica, sbiShinsei, waon, resonaDebit,
        paypayBank, shinseiPowerFlex,
    ]

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

    static let aeonBank = """
        {"schema": 1, "name": "aeon-bank", "title": "イオン銀行", "account": "イオン銀行", "encoding": "cp932",
         "header": {"match": ["日付", "お取引内容", "お引出し", "お預入れ"]},
         "date": {"column": "日付", "format": "yyyy/MM/dd"},
         "amount": {"spending": "お引出し", "income": "お預入れ"},
         "description": ["お取引内容"]}
        """

    static let smbcBank = """
        {"schema": 1, "name": "smbc-bank", "title": "三井住友銀行", "account": "三井住友銀行", "encoding": "cp932",
         "header": {"match": ["年月日", "お引出し", "お預入れ", "お取り扱い内容"]},
         "date": {"column": "年月日", "format": "yyyy/MM/dd"},
         "amount": {"spending": "お引出し", "income": "お預入れ"},
         "description": ["お取り扱い内容"],
         "memo": ["メモ"]}
        """

    /// The older download: the date in 和暦 (`H30.01.15`, `R01.05.07`) in a column of its own name.
    static let smbcBankWareki = """
        {"schema": 1, "name": "smbc-bank-wareki", "title": "三井住友銀行 (和暦)", "account": "三井住友銀行", "encoding": "cp932",
         "header": {"match": ["年月日（和暦）", "お引出し", "お預入れ", "お取り扱い内容"]},
         "date": {"column": "年月日（和暦）", "format": "Ge.MM.dd"},
         "amount": {"spending": "お引出し", "income": "お預入れ"},
         "description": ["お取り扱い内容"]}
        """

    static let mizuhoBank = """
        {"schema": 1, "name": "mizuho-bank", "title": "みずほ銀行 (みずほダイレクト, yyyy.MM.dd)", "account": "みずほ銀行", "encoding": "cp932",
         "header": {"match": ["明細通番", "日付", "お引出金額", "お預入金額", "お取引内容"]},
         "date": {"column": "日付", "format": "yyyy.MM.dd"},
         "amount": {"spending": "お引出金額", "income": "お預入金額"},
         "description": ["お取引内容"]}
        """

    static let mizuhoBankKanjiDate = """
        {"schema": 1, "name": "mizuho-bank-kanji-date", "title": "みずほ銀行 (yyyy年MM月dd日)", "account": "みずほ銀行", "encoding": "cp932",
         "header": {"match": ["日付", "お引出金額", "お預入金額", "お取引内容"]},
         "date": {"column": "日付", "format": "yyyy年MM月dd日"},
         "amount": {"spending": "お引出金額", "income": "お預入金額"},
         "description": ["お取引内容"]}
        """

    static let jibunBank = """
        {"schema": 1, "name": "jibun-bank", "title": "auじぶん銀行", "account": "auじぶん銀行", "encoding": "cp932",
         "header": {"match": ["年月日", "入金", "出金", "お取引内容"]},
         "date": {"column": "年月日", "format": "yyyy/MM/dd"},
         "amount": {"spending": "出金", "income": "入金"},
         "description": ["お取引内容"]}
        """

    static let sonyBank = """
        {"schema": 1, "name": "sony-bank", "title": "ソニー銀行", "account": "ソニー銀行", "encoding": "cp932",
         "header": {"match": ["お取り引き日", "摘要", "お預け入れ額", "お引き出し額"]},
         "date": {"column": "お取り引き日", "format": "yyyy/MM/dd"},
         "amount": {"spending": "お引き出し額", "income": "お預け入れ額"},
         "description": ["摘要"],
         "memo": ["参考情報"]}
        """

    static let tokyoStarBank = """
        {"schema": 1, "name": "tokyo-star-bank", "title": "東京スター銀行", "account": "東京スター銀行", "encoding": "cp932",
         "header": {"match": ["日付", "お支払い金額", "お預かり金額", "摘要"]},
         "date": {"column": "日付", "format": "yyyy/MM/dd"},
         "amount": {"spending": "お支払い金額", "income": "お預かり金額"},
         "description": ["摘要"],
         "memo": ["備考"]}
        """

    static let yokohamaBank = """
        {"schema": 1, "name": "yokohama-bank", "title": "横浜銀行", "account": "横浜銀行", "encoding": "cp932",
         "header": {"match": ["取扱日付", "お支払金額", "お預り金額", "取引区分", "摘要"]},
         "date": {"column": "取扱日付", "format": "yyyy/MM/dd"},
         "amount": {"spending": "お支払金額", "income": "お預り金額"},
         "description": ["摘要"]}
        """

    static let dcard = """
        {"schema": 1, "name": "dcard", "title": "dカード", "account": "dカード", "encoding": "cp932",
         "header": {"match": ["ご利用日", "ご利用店名", "ご利用金額"]},
         "date": {"column": "ご利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "ご利用金額", "sign": "positive-is-spending"},
         "description": ["ご利用店名"],
         "memo": ["備考"],
         "ignore": [{"column": 1, "matches": "様$"}]}
        """

    static let oricoCard = """
        {"schema": 1, "name": "orico-card", "title": "オリコカード", "account": "オリコカード", "encoding": "cp932",
         "header": {"match": ["ご利用日", "ご利用先など", "ご利用者", "ご利用金額"]},
         "date": {"column": "ご利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "ご利用金額", "sign": "positive-is-spending"},
         "description": ["ご利用先など"],
         "member": "ご利用者"}
        """

    static let lifecard = """
        {"schema": 1, "name": "lifecard", "title": "ライフカード", "account": "ライフカード", "encoding": "cp932",
         "header": {"match": ["明細No.", "利用日", "利用先", "利用金額"], "within": 40},
         "date": {"column": "利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "利用金額", "sign": "positive-is-spending"},
         "description": ["利用先"],
         "stop": [{"column": 1, "matches": "^回数指定払"}]}
        """

    static let jaccsCard = """
        {"schema": 1, "name": "jaccs-card", "title": "ジャックスカード", "account": "ジャックスカード", "encoding": "cp932",
         "header": {"match": ["ご利用年月日", "ご利用店名/現地通貨額", "ご利用金額（円）"]},
         "date": {"column": "ご利用年月日", "format": "yyyy/MM/dd"},
         "amount": {"column": "ご利用金額（円）", "sign": "positive-is-spending"},
         "description": ["ご利用店名/現地通貨額"],
         "memo": ["ご利用都市名など/円換算レート"],
         "member": "ご利用者"}
        """

    static let mufgNicosCard = """
        {"schema": 1, "name": "mufg-nicos-card", "title": "三菱UFJカード", "account": "三菱UFJカード", "encoding": "cp932",
         "header": {"match": ["利用日", "利用者", "利用内容", "新規利用額", "今回請求額"], "aliases": {"換算レート": ["為替相場"], "通貨略称": ["通貨"]}},
         "date": {"column": "利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "新規利用額", "sign": "positive-is-spending"},
         "description": ["利用内容"],
         "memo": ["備考"],
         "member": "利用者"}
        """

    static let ucCard = """
        {"schema": 1, "name": "uc-card", "title": "UCカード", "account": "UCカード", "encoding": "cp932",
         "header": {"match": ["ご利用日", "ご利用店", "ご利用金額", "今回のお支払い金額"]},
         "date": {"column": "ご利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "ご利用金額", "sign": "positive-is-spending"},
         "description": ["ご利用店"],
         "member": "ご利用者区分"}
        """

    static let pocketCard = """
        {"schema": 1, "name": "pocket-card", "title": "ポケットカード", "account": "ポケットカード", "encoding": "cp932",
         "header": {"match": ["ご利用日", "ご利用先", "ご利用金額", "割引額", "ご請求金額"]},
         "date": {"column": "ご利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "ご請求金額", "sign": "positive-is-spending"},
         "description": ["ご利用先"],
         "memo": ["分割払い・海外利用の内容"]}
        """

    static let yahooCard = """
        {"schema": 1, "name": "yahoo-card", "title": "Yahoo! JAPANカード", "account": "Yahoo! JAPANカード", "encoding": "cp932",
         "header": {"match": ["ご利用内容", "ご利用日", "ご利用者", "ご利用金額"]},
         "date": {"column": "ご利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "ご利用金額", "sign": "positive-is-spending"},
         "description": ["ご利用内容"],
         "member": "ご利用者"}
        """

    static let pitapa = """
        {"schema": 1, "name": "pitapa", "title": "PiTaPa", "account": "PiTaPa", "encoding": "cp932",
         "header": {"match": ["ご利用日", "入場時刻", "出場時刻", "ご利用内容", "ご利用額（円）"]},
         "date": {"column": "ご利用日", "format": "yyyy/MM/dd"},
         "amount": {"column": "ご利用額（円）", "sign": "positive-is-spending"},
         "description": ["ご利用内容"],
         "memo": ["備考"]}
        """

    static let sfcardViewer = """
        {"schema": 1, "name": "sfcard-viewer", "title": "交通系ICカード (SFCard Viewer)", "account": "交通系IC", "encoding": "cp932",
         "header": {"match": ["利用年月日", "入場駅/事業者名", "出場駅/降車場所", "利用額(円)", "残額(円)", "メモ"], "within": 5},
         "date": {"column": "利用年月日", "format": "yyyy/MM/dd"},
         "amount": {"column": "利用額(円)", "sign": "positive-is-spending"},
         "description": ["入場駅/事業者名", "出場駅/降車場所", "メモ"],
         "kinds": [{"column": "メモ", "charge": ["ﾁｬｰｼﾞ", "ｵｰﾄﾁｬｰｼﾞ"]}],
         "transfers": ["ﾁｬｰｼﾞ", "チャージ"]}
        """

    /// JAネットバンク's 入出金明細: dates without a year (`4月30日`), which the file's name or `--year` gives. Its header
    /// has every column of 横浜銀行's and three more, so it is told apart by those.
    static let jaBank = """
        {"schema": 1, "name": "ja-bank", "title": "JAバンク", "account": "JAバンク", "encoding": "cp932",
         "header": {"match": ["番号", "明細区分", "取扱日付", "起算日", "お支払金額", "お預り金額", "摘要"]},
         "date": {"column": "取扱日付", "format": "M月d日"},
         "amount": {"spending": "お支払金額", "income": "お預り金額"},
         "description": ["摘要"],
         "memo": ["取引区分"]}
        """

    /// モバイルSuica's SF（電子マネー）利用履歴, the web page's table saved as CSV: dates without a year (`10/28`), two
    /// columns each named 種別 and 利用場所 (so read by number), charges (オート, VIEW, 現金) transfers into the card from
    /// what 種別 names.
    static let mobileSuica = """
        {"schema": 1, "name": "mobile-suica", "title": "モバイルSuica (SF利用履歴)", "account": "交通系IC", "encoding": "auto",
         "header": {"match": ["月日", "種別", "利用場所", "残高", "入金・利用額"]},
         "date": {"column": "月日", "format": "MM/dd"},
         "amount": {"column": "入金・利用額", "sign": "negative-is-spending"},
         "description": [2, 3, 4, 5],
         "kinds": [{"column": 2, "charge": ["ｵｰﾄ", "VIEW", "現金"]}],
         "transfers": ["^ｵｰﾄ", "^オート", "^VIEW", "^現金"]}
        """

    /// SBI新生銀行: a 振込手数料 given back (a free transfer) comes in as money: less spending, not income. Its English
    /// header (Value Date, Description, Debit, Credit) is the same file.
    static let sbiShinsei = """
        {"schema": 1, "name": "sbi-shinsei", "title": "SBI新生銀行", "account": "SBI新生銀行", "encoding": "auto",
         "header": {"match": ["取引日", "摘要", "出金金額", "入金金額"],
                    "aliases": {"取引日": ["Value Date"], "摘要": ["Description"], "出金金額": ["Debit"], "入金金額": ["Credit"]}},
         "date": {"column": "取引日", "format": "yyyy/MM/dd"},
         "amount": {"spending": "出金金額", "income": "入金金額"},
         "description": ["摘要"],
         "kinds": [{"column": "摘要", "refund": ["振込手数料", "振込手数料キャッシュバック"]}]}
        """

    /// WAON's 利用履歴 (waon.com's table saved as CSV): 支払取消 is a refund; a charge is a transfer into the card
    /// from what its チャージ区分 names (銀行口座, クレジットカード, 現金), except from points, which are points, as
    /// ポイントダウンロード and WAON移行 are; a charge from anything else is set aside as a transfer.
    static let waon = """
        {"schema": 1, "name": "waon", "title": "WAON", "account": "WAON", "encoding": "auto",
         "header": {"match": ["取引年月日", "利用店舗", "利用金額（税込）", "利用区分"]},
         "date": {"column": "取引年月日", "format": "yyyy/MM/dd"},
         "amount": {"column": "利用金額（税込）", "sign": "positive-is-spending"},
         "description": ["利用店舗"],
         "memo": ["利用区分"],
         "kinds": [{"column": "チャージ区分", "other": ["ポイント"], "charge": ["銀行口座", "クレジットカード", "現金"]},
                   {"column": "利用区分", "refund": ["支払取消"], "transfer": ["チャージ", "オートチャージ"],
                    "other": ["ポイントダウンロード", "WAON移行（アップロード）", "WAON移行（ダウンロード）"]}]}
        """

    /// りそなデビット's 利用明細: a 取消 row gives the purchase's amount back.
    static let resonaDebit = """
        {"schema": 1, "name": "resona-debit", "title": "りそなデビット", "account": "りそなデビット", "encoding": "cp932",
         "header": {"match": ["利用日", "利用内容", "金額", "ステータス"]},
         "date": {"column": "利用日", "format": "yyyy年MM月dd日"},
         "amount": {"column": "金額", "sign": "positive-is-spending"},
         "description": ["利用内容"],
         "kinds": [{"column": "ステータス", "refund": ["取消"]}]}
        """

    /// PayPay銀行 (ジャパンネット銀行's form): the date in three columns, read joined as yyyy/M/d.
    static let paypayBank = """
        {"schema": 1, "name": "paypay-bank", "title": "PayPay銀行", "account": "PayPay銀行", "encoding": "cp932",
         "header": {"match": ["操作日(年)", "操作日(月)", "操作日(日)", "摘要", "お支払金額", "お預り金額"]},
         "date": {"column": ["操作日(年)", "操作日(月)", "操作日(日)"], "format": "yyyy/M/d"},
         "amount": {"spending": "お支払金額", "income": "お預り金額"},
         "description": ["摘要"],
         "id": "取引順番号"}
        """

    /// 新生銀行 PowerFlex's 取引明細 (before SBI新生銀行): UTF-16 with tabs, eight lines above the header.
    static let shinseiPowerFlex = """
        {"schema": 1, "name": "shinsei-powerflex", "title": "新生銀行 (PowerFlex)", "account": "新生銀行", "encoding": "utf-16",
         "separator": "tab",
         "header": {"match": ["取引日", "照会番号", "摘要", "お支払金額", "お預り金額"]},
         "date": {"column": "取引日", "format": "yyyy/MM/dd"},
         "amount": {"spending": "お支払金額", "income": "お預り金額"},
         "description": ["摘要"],
         "id": "照会番号"}
        """

    static let paypal = """
        {"schema": 1, "name": "paypal-ja", "title": "PayPal", "account": "PayPal", "encoding": "auto",
         "header": {"match": ["日付", "名前", "タイプ", "ステータス", "通貨", "合計", "取引ID", "残高への影響"]},
         "date": {"column": "日付", "format": "yyyy/MM/dd"},
         "amount": {"column": "合計", "sign": "negative-is-spending"},
         "description": ["名前", "商品タイトル"],
         "id": "取引ID",
         "ignore": [{"column": "タイプ", "matches": "による一般の入金$|^一般の入金"}]}
        """

    static let amazonOrders = """
        {"schema": 1, "name": "amazon-orders", "title": "Amazon.co.jp", "account": "Amazon.co.jp", "encoding": "auto",
         "header": {"match": ["注文日", "注文番号", "商品名", "価格", "請求額", "クレカ請求額"]},
         "date": {"column": "注文日", "format": "yyyy/MM/dd"},
         "amount": {"column": "請求額", "sign": "positive-is-spending"},
         "description": ["商品名"],
         "memo": ["注文番号"], "shop": true}
        """
}
