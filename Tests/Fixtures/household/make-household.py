#!/usr/bin/env python3
"""Writes a household's November 2024 as eight overlapping sources saw it, and its truth.

Two members, ayumi and ken, one joint bank account (ゆうちょ銀行), ayumi's 楽天カード (with a family card for ken),
ken's 三井住友カード (its iD too) and PayPay, and cash. What happened in the month is the list EVENTS below: every
purchase, refund, salary and transfer once. Each source's file is made from the events it saw, in its own spelling:

  ayumi  MoneyForward ME (links the 楽天カード and the bank, so it holds ken's family-card lines too), the 楽天カード
         statement, the ゆうちょ statement, three items typed into kakeibo, the rent as a fixed cost
  ken    Zaim (everything he typed, with his own names for the accounts), the Vpass statement, the PayPay
         statement, one item typed into kakeibo

The same purchase appears up to four times (a card line in the statement, in MoneyForward, in Zaim and typed); card
bills, the PayPay charge and the ATM withdrawal appear on the bank statement and in the apps as money leaving. The
truth (household.json) is what a careful person would count: spending, income and the items, each once, spending by
member, transfers apart, and the bank's balance as its statement states it. Run from anywhere; files land beside
this script (Shift_JIS through Python's cp932 encoder, as the services write it).
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from csvfile import write_csv, yen  # noqa: E402

here = Path(__file__).resolve().parent


def write(name, rows, encoding, quote_all=False, bom=False, newline="\r\n"):
    write_csv(here, name, rows, encoding, quote_all, bom, newline)


# What happened. kind: spend (a refund is a negative spend), income, transfer. member: whose spending it is (None:
# the household's, paid from the joint account). Each source key says how that source saw it (its date and name).
EVENTS = [
    # 楽天カード (ayumi's; 家族 is ken's family card)
    dict(id="E1", kind="spend", day=2, price=1284, member="ayumi", account="楽天カード",
         rakuten=dict(name="まいばすけっと", user="本人"),
         mf=dict(name="まいばすけっと", major="食費", minor="食料品"),
         typed_ayumi=dict(name="夕食の材料", category="food/grocery", payment="楽天カード", shop="まいばすけっと")),
    dict(id="E2", kind="spend", day=3, price=3280, member="ayumi", account="楽天カード",
         rakuten=dict(name="ＡＭＡＺＯＮ．ＣＯ．ＪＰ", user="本人"),
         mf=dict(day=4, name="AMAZON.CO.JP", major="日用品", minor="日用品")),
    dict(id="E3", kind="spend", day=5, price=2146, member="ken", account="楽天カード",
         rakuten=dict(name="ｽｰﾊﾟｰﾏｰｹｯﾄ ﾗｲﾌ", user="家族"),
         mf=dict(name="スーパーマーケット ライフ", major="食費", minor="食料品"),
         zaim=dict(payment="楽天カード(家族)", category="食費", sub="食料品", name="食材", shop="ライフ")),
    # The same shop and amount again the same day: a second purchase, in the statement and MoneyForward, not in Zaim.
    dict(id="E4", kind="spend", day=5, price=2146, member="ken", account="楽天カード",
         rakuten=dict(name="ｽｰﾊﾟｰﾏｰｹｯﾄ ﾗｲﾌ", user="家族"),
         mf=dict(name="スーパーマーケット ライフ", major="食費", minor="食料品")),
    dict(id="E5", kind="spend", day=10, price=1078, member="ayumi", account="楽天カード",
         rakuten=dict(name="楽天モバイル通信料", user="本人"),
         mf=dict(name="楽天モバイル", major="通信費", minor="携帯電話")),
    dict(id="E6", kind="spend", day=12, price=29800, member="ayumi", account="楽天カード",
         rakuten=dict(name="ヤマダデンキ", user="本人"),
         mf=dict(day=14, name="ヤマダデンキ", major="特別な支出", minor="家具・家電")),
    dict(id="E7", kind="spend", day=15, price=-1280, member="ayumi", account="楽天カード",
         rakuten=dict(name="ＡＭＡＺＯＮ．ＣＯ．ＪＰ　返品", user="本人"),
         mf=dict(name="AMAZON.CO.JP 返品", major="日用品", minor="日用品")),
    # A bakery every Saturday: the same shop and amount a week apart, MoneyForward's dates a few days late.
    dict(id="E8", kind="spend", day=16, price=1080, member="ayumi", account="楽天カード",
         rakuten=dict(name="ﾍﾞｰｶﾘｰ ｺﾑｷﾞ", user="本人"),
         mf=dict(day=19, name="ベーカリー コムギ", major="食費", minor="食料品")),
    dict(id="E9", kind="spend", day=23, price=1080, member="ayumi", account="楽天カード",
         rakuten=dict(name="ﾍﾞｰｶﾘｰ ｺﾑｷﾞ", user="本人"),
         mf=dict(name="ベーカリー コムギ", major="食費", minor="食料品")),
    # 三井住友カード (ken's), its iD in a block of its own
    dict(id="E11", kind="spend", day=4, price=5400, member="ken", account="三井住友カード",
         vpass=dict(block="三井住友カード（ＮＬ）", name="ＥＮＥＯＳ　新宿"),
         zaim=dict(payment="三井住友カード", category="クルマ", sub="ガソリン", name="ガソリン", shop="ENEOS")),
    dict(id="E12", kind="spend", day=9, price=1490, member="ken", account="三井住友カード",
         vpass=dict(block="三井住友カード（ＮＬ）", name="ＮＥＴＦＬＩＸ．ＣＯＭ")),
    dict(id="E13", kind="spend", day=11, price=790, member="ken", account="三井住友カード",
         vpass=dict(block="ｉＤ", name="マクドナルド"),
         zaim=dict(payment="三井住友カード", category="食費", sub="外食", name="昼食", shop="マクドナルド"),
         typed_ken=dict(name="マック", category="food/eating-out", payment="三井住友カード")),
    # Two ¥398 iD lines the same day are two purchases; ken typed one of them.
    dict(id="E14", kind="spend", day=18, price=398, member="ken", account="三井住友カード",
         vpass=dict(block="ｉＤ", name="ローソン"),
         zaim=dict(payment="iD", category="食費", sub="カフェ", name="コーヒー", shop="ローソン")),
    dict(id="E15", kind="spend", day=18, price=398, member="ken", account="三井住友カード",
         vpass=dict(block="ｉＤ", name="ローソン")),
    # PayPay (ken's)
    dict(id="E16", kind="spend", day=6, price=1280, member="ken", account="PayPay",
         paypay=dict(name="松屋 渋谷店"),
         zaim=dict(payment="PayPay", category="食費", sub="外食", name="牛めし", shop="松屋")),
    dict(id="E17", kind="spend", day=8, price=2460, member="ken", account="PayPay",
         paypay=dict(name="ウエルシア"),
         zaim=dict(day=9, payment="PayPay", category="日用雑貨", sub="消耗品", name="洗剤", shop="ウエルシア")),
    dict(id="E18", kind="spend", day=9, price=-460, member="ken", account="PayPay", paypay=dict(name="ウエルシア")),
    dict(id="E19", kind="spend", day=14, price=3990, member="ken", account="PayPay", paypay=dict(name="ユニクロ")),
    # The joint bank account: rent (a fixed cost too), the phone bill
    dict(id="E20", kind="spend", day=27, price=85000, member="ayumi", account="ゆうちょ銀行",
         yucho=dict(d1="自払", d2="ﾔﾁﾝ ﾌｸﾀﾞﾌﾄﾞｳｻﾝ"),
         mf=dict(name="ヤチン フクダフドウサン", major="住宅", minor="家賃・地代"),
         fixed=dict(name="家賃", category="housing/rent", payment="ゆうちょ銀行", member="ayumi")),
    dict(id="E21", kind="spend", day=20, price=5940, member=None, account="ゆうちょ銀行",
         yucho=dict(d1="自払", d2="ｴﾇﾃｲﾃｲﾄﾞｺﾓ"),
         mf=dict(name="NTTドコモ", major="通信費", minor="携帯電話")),
    # Cash
    dict(id="E22", kind="spend", day=10, price=900, member="ken", account="現金",
         zaim=dict(payment="財布", category="食費", sub="外食", name="ランチ", shop="定食屋")),
    dict(id="E23", kind="spend", day=13, price=1650, member="ayumi", account="現金",
         typed_ayumi=dict(name="花", category="daily/consumables", payment="現金")),
    dict(id="E24", kind="spend", day=19, price=800, member="ayumi", account=None,
         typed_ayumi=dict(name="クリーニング", category="daily/consumables")),
    # Income into the joint account
    dict(id="I1", kind="income", day=25, price=280000, member=None, account="ゆうちょ銀行",
         yucho=dict(d1="振込", d2="ｶ)ｻｸﾗｼﾔ"),
         mf=dict(name="給与 カ）サクラシヤ", major="収入", minor="給与")),
    dict(id="I2", kind="income", day=25, price=250000, member="ken", account="ゆうちょ銀行",
         yucho=dict(d1="振込", d2="ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ"),
         mf=dict(name="給与 カ）ヤマダシヨウジ", major="収入", minor="給与"),
         zaim=dict(payment="銀行口座", category="給与所得", sub="-", name="給与")),
    # Money moved between the household's own accounts: never spending.
    dict(id="T1", kind="transfer", day=1, price=10000, account="ゆうちょ銀行", to="PayPay",
         yucho=dict(d1="ＲＴ", d2="ﾍﾟｲﾍﾟｲ"),
         mf=dict(name="PayPayチャージ", major="現金・カード", minor="電子マネー"),
         paypay=dict(source="ゆうちょ銀行")),
    dict(id="T2", kind="transfer", day=27, price=45210, account="ゆうちょ銀行", to="楽天カード",
         yucho=dict(d1="自払", d2="ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ"),
         mf=dict(name="ラクテンカ－ド", major="現金・カード", minor="カード引き落とし")),
    dict(id="T3", kind="transfer", day=11, price=12345, account="ゆうちょ銀行", to="三井住友カード",
         yucho=dict(d1="自払", d2="ﾐﾂｲｽﾐﾄﾓｶｰﾄﾞ"),
         mf=dict(name="ミツイスミトモカード", major="現金・カード", minor="カード引き落とし")),
    dict(id="T4", kind="transfer", day=10, price=20000, account="ゆうちょ銀行", to="現金",
         yucho=dict(d1="カード", d2="ＡＴＭ"),
         mf=dict(name="ＡＴＭ", major="現金・カード", minor="ATM引き出し"),
         zaim=dict(payment="銀行口座", to="財布")),
]


def day(event, source):
    return event[source].get("day", event["day"])


def date(d, sep="/"):
    return "2024%s11%s%02d" % (sep, sep, d)


# MoneyForward ME (ayumi): the 楽天カード's lines and the bank's, transfers marked 振替.
MF_HEADER = ["計算対象", "日付", "内容", "金額（円）", "保有金融機関", "大項目", "中項目", "メモ", "振替", "ID"]
mf_rows = []
for event in EVENTS:
    if "mf" not in event:
        continue
    mf = event["mf"]
    amount = event["price"] if event["kind"] == "income" else -event["price"]
    transfer = "1" if event["kind"] == "transfer" else "0"
    mf_rows.append(["1", date(day(event, "mf")), mf["name"], str(amount), event["account"], mf["major"], mf["minor"], "", transfer,
                    "mfNov24%s" % event["id"]])
mf_rows.sort(key=lambda r: r[1], reverse=True)  # MoneyForward lists the newest first
write("ayumi-moneyforward-2024-11.csv", [MF_HEADER] + mf_rows, "cp932", quote_all=True)

# Zaim (ken): what he typed, with his names for the accounts.
ZAIM_HEADER = ["日付", "方法", "カテゴリ", "カテゴリの内訳", "支払元", "入金先", "品目", "メモ", "お店", "通貨", "収入", "支出", "振替", "残高調整",
               "通貨変換前の金額", "集計の設定"]
zaim_rows = []
for event in EVENTS:
    if "zaim" not in event:
        continue
    z = event["zaim"]
    d = "2024-11-%02d" % day(event, "zaim")
    if event["kind"] == "spend":
        zaim_rows.append([d, "payment", z["category"], z["sub"], z["payment"], "-", z["name"], "-", z.get("shop", "-"), "JPY", "0",
                          str(event["price"]), "0", "0", "0", "常に集計に含める"])
    elif event["kind"] == "income":
        zaim_rows.append([d, "income", z["category"], z["sub"], "-", z["payment"], z["name"], "-", "-", "JPY", str(event["price"]), "0", "0",
                          "0", "0", "常に集計に含める"])
    else:
        zaim_rows.append([d, "transfer", "-", "-", z["payment"], z["to"], "-", "-", "-", "JPY", "0", "0", str(event["price"]), "0", "0",
                          "常に集計に含める"])
zaim_rows.sort(key=lambda r: r[0])
write("ken-zaim-2024-11.csv", [ZAIM_HEADER] + zaim_rows, "utf-8", newline="\n")

# 楽天カード e-NAVI (ayumi): 本人 and 家族, paid on 27 December.
RAKUTEN_HEADER = ["利用日", "利用店名・商品名", "利用者", "支払方法", "利用金額", "支払手数料", "支払総額", "12月支払金額", "1月繰越残高", "新規サイン", "支払月"]
rakuten_rows = []
for event in EVENTS:
    if "rakuten" not in event:
        continue
    r = event["rakuten"]
    price = event["price"]
    rakuten_rows.append([date(day(event, "rakuten")), r["name"], r["user"], "1回払い", yen(price), "0", yen(price), yen(price), "0", "",
                         "2024/12"])
write("ayumi-rakuten-2024-11.csv", [RAKUTEN_HEADER] + rakuten_rows, "cp932")
rakuten_total = sum(e["price"] for e in EVENTS if "rakuten" in e)

# Vpass (ken): a block per card, then the totals.
vpass_rows = []
for block in ["三井住友カード（ＮＬ）", "ｉＤ"]:
    vpass_rows.append(["山田　健　様", "4980-00**-****-5678", block])
    for event in EVENTS:
        if "vpass" in event and event["vpass"]["block"] == block:
            vpass_rows.append([date(day(event, "vpass")), event["vpass"]["name"], yen(event["price"]), "１回", "", "", ""])
vpass_total = sum(e["price"] for e in EVENTS if "vpass" in e)
vpass_rows += [["", "", "", "", "", yen(vpass_total), ""], ["", "", "", "", "", yen(vpass_total), ""]]
write("ken-vpass-2024-11.csv", vpass_rows, "cp932")

# PayPay (ken): the charge from the bank, purchases, a refund.
PAYPAY_HEADER = ["取引日", "出金金額（円）", "入金金額（円）", "海外出金金額", "通貨", "変換レート（円）", "利用国", "取引内容", "取引先", "取引方法", "支払い区分",
                 "利用者", "取引番号"]
paypay_rows = []
for number, event in enumerate(e for e in EVENTS if "paypay" in e):
    p = event["paypay"]
    when = "2024/11/%02d 12:%02d:00" % (day(event, "paypay"), number)
    serial = "0463962868112400%04d" % (number + 1)
    if event["kind"] == "transfer":
        paypay_rows.append([when, "-", yen(event["price"]), "-", "-", "-", "-", "チャージ", p["source"], "銀行口座", "-", "-", serial])
    elif event["price"] < 0:
        paypay_rows.append([when, "-", yen(-event["price"]), "-", "-", "-", "-", "返金", p["name"], "PayPay残高", "-", "-", serial])
    else:
        paypay_rows.append([when, yen(event["price"]), "-", "-", "-", "-", "-", "支払い", p["name"], "PayPay残高", "-", "-", serial])
paypay_rows.sort(key=lambda r: r[0])
write("ken-paypay-2024-11.csv", [PAYPAY_HEADER] + paypay_rows, "utf-8", quote_all=True, newline="\n")

# ゆうちょ (ayumi): the joint account, each row with the balance after it.
OPENING = 412000
yucho_events = sorted((e for e in EVENTS if "yucho" in e), key=lambda e: (e["day"], e["id"]))
balance = OPENING
yucho_rows = []
for serial, event in enumerate(yucho_events, start=1):
    y = event["yucho"]
    inward = event["kind"] == "income"
    balance += event["price"] if inward else -event["price"]
    yucho_rows.append([date(event["day"], ""), "%04d" % serial, yen(event["price"]) if inward else "", "" if inward else yen(event["price"]),
                       y["d1"], y["d2"], yen(balance)])
CLOSING = balance
YUCHO = [
    ["ファイル作成日", "2024/12/02"],
    ["記号番号", "10180-12345671"],
    ["店名", "〇一八"],
    ["口座種別", "通常貯金"],
    ["照会開始日", "20241101"],
    ["照会終了日", "20241130"],
    ["現在（貸付）高", yen(CLOSING)],
    ["取引日", "入出金明細ＩＤ", "受入金額（円）", "払出金額（円）", "詳細１", "詳細２", "現在（貸付）高"],
] + yucho_rows
write("ayumi-yucho-2024-11.csv", YUCHO, "cp932")

# What each member types into kakeibo, and the household's setup (accounts, the 利用者 mapping, the fixed cost).
typed = {"ayumi": [], "ken": []}
for event in EVENTS:
    for member in ("ayumi", "ken"):
        t = event.get("typed_" + member)
        if t:
            typed[member].append(dict(t, date="2024-11-%02d" % event["day"], price=event["price"]))
fixed = [dict(e["fixed"], price=e["price"], day=e["day"]) for e in EVENTS if "fixed" in e]

spending = [e for e in EVENTS if e["kind"] == "spend"]
income = [e for e in EVENTS if e["kind"] == "income"]
transfers = [e for e in EVENTS if e["kind"] == "transfer"]
by_member = {}
for e in spending:
    by_member[e["member"] or ""] = by_member.get(e["member"] or "", 0) + e["price"]
truth = {
    "month": "2024-11",
    "spending": {"total": sum(e["price"] for e in spending), "count": len(spending)},
    "income": {"total": sum(e["price"] for e in income), "count": len(income)},
    "transfers": {"total": sum(e["price"] for e in transfers), "count": len(transfers)},
    "spendingByMember": by_member,
    "bank": {"account": "ゆうちょ銀行", "opening": OPENING, "closing": CLOSING, "closingDate": "2024-11-%02d" % yucho_events[-1]["day"]},
    "lines": sum(sum(1 for k in e if k in ("mf", "zaim", "rakuten", "vpass", "paypay", "yucho", "typed_ayumi", "typed_ken", "fixed"))
                 for e in EVENTS),
}
setup = {
    "accounts": [
        {"name": "楽天カード", "kind": "card", "member": "ayumi", "aliases": ["楽天カード(家族)", "ﾗｸﾃﾝｶｰﾄﾞｻｰﾋﾞｽ", "ラクテンカ－ド"]},
        {"name": "三井住友カード", "kind": "card", "member": "ken", "aliases": ["三井住友カード(NL)", "iD", "ｉＤ", "ﾐﾂｲｽﾐﾄﾓｶｰﾄﾞ", "ミツイスミトモカード"]},
        {"name": "PayPay", "kind": "emoney", "member": "ken", "aliases": ["ﾍﾟｲﾍﾟｲ", "PayPayチャージ"]},
        {"name": "ゆうちょ銀行", "kind": "bank", "member": None, "aliases": ["銀行口座"]},
        {"name": "現金", "kind": "cash", "member": None, "aliases": ["財布"]},
    ],
    "statementUsers": {"本人": "ayumi", "家族": "ken"},
    "files": {
        "ayumi": [["moneyforward", "ayumi-moneyforward-2024-11.csv"], ["statement", "ayumi-rakuten-2024-11.csv"],
                  ["statement", "ayumi-yucho-2024-11.csv"]],
        "ken": [["zaim", "ken-zaim-2024-11.csv"], ["statement", "ken-vpass-2024-11.csv"], ["statement", "ken-paypay-2024-11.csv"]],
    },
    "typed": typed,
    "fixed": fixed,
}
document = {"truth": truth, "setup": setup, "events": EVENTS}
(here / "household.json").write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n")
print(json.dumps(truth, ensure_ascii=False, indent=1))
