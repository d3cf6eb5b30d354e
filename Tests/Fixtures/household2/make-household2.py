#!/usr/bin/env python3
"""Writes a second household's June 2024 as nine overlapping sources saw it, and its truth, truth first.

Three members: haru and mio (adults) and sora (their teenager). What happened in the month is the list EVENTS below:
every purchase, refund, income and move of money once. Each source's file is then made from the events it saw, in the
spelling and layout that source really writes (the layouts kakeibo ships, Tests/Fixtures/downloads):

  haru  MoneyForward ME (links his JCBカード, his 楽天銀行 and his PayPay), the MyJCB statement (jcb layout), PayPay's
        own export, the 楽天銀行 statement (rakuten-bank layout, with its 取引後残高 column), one typed item, two
        fixed costs (家賃 from the bank, Netflix on the card)
  mio   the イオンカード statement (aeon-card layout; 家族 is sora's family card), Zaim (what she typed: two card
        purchases and her cash), one typed item
  sora  モバイルSuica's SF利用履歴 (mobile-suica layout, dates without a year), typed cash

Nine sources, seven file formats plus typed items and fixed costs. The month has:
  - a month boundary: a purchase on 06-30 that the MyJCB statement books on 07-01, dated 06-30 by MoneyForward and
    by haru's typed item;
  - refunds: a JCB return (its own minus line), an イオンカード return, a PayPay 返金;
  - split payments: a PayPay purchase paid by PayPayポイント + JCBカード under one 取引番号 (two rows, and the card's
    leg on the JCB statement and in MoneyForward), and one paid by points + balance in one row (取引方法 lists both);
  - own-account moves: the JCB and イオンカード bills from the bank (as 楽天銀行 spells them: voiced and semi-voiced
    marks written apart, ー as －), a PayPay charge from the bank, a move to the household's 楽天証券, an ATM
    withdrawal into cash, a cash charge of the Suica;
  - a settle-up payment: haru's 振込 to mio from the bank;
  - stated balances: the bank's 取引後残高, the Suica's 残高, and the bills the card statements state.

The truth (household2.json) is what a careful person counts: spending (each purchase once, at its full price, in the
month it was bought), income, spending by member (a card's or account's member; a family card's user; cash: who spent
it), the transfers, and the balances the statements state. Run from anywhere; files land beside this script.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from csvfile import write_csv, yen  # noqa: E402

here = Path(__file__).resolve().parent
YEAR, MONTH = 2024, 6


def write(name, rows, encoding, quote_all=False, bom=False, newline="\r\n"):
    write_csv(here, name, rows, encoding, quote_all, bom, newline)


# What happened. kind: spend (a refund is a negative spend), income, transfer (from account to `to`; a settle-up's `to`
# is a member). Each source key holds how that source saw the event: its own date ("day", or "date" for another month),
# name, and amount where the source saw only part of it (a split payment's leg).
EVENTS = [
    # JCBカード (haru's), on the MyJCB statement paid 2024/08/10, in MoneyForward too.
    dict(id="J1", kind="spend", day=3, price=6240, member="haru", account="JCBカード",
         jcb=dict(name="オーケー　大崎店"), mf=dict(name="オーケー 大崎店", major="食費", minor="食料品")),
    dict(id="J2", kind="spend", day=6, price=5830, member="haru", account="JCBカード",
         jcb=dict(name="東京ガス"), mf=dict(name="東京ガス", major="水道・光熱費", minor="ガス・灯油代")),
    dict(id="J3", kind="spend", day=15, price=1590, member="haru", account="JCBカード",
         jcb=dict(name="ＮＥＴＦＬＩＸ．ＣＯＭ"), mf=dict(name="NETFLIX.COM", major="教養・教育", minor="映画・音楽・ゲーム"),
         fixed=dict(name="Netflix", category="communication/subscriptions", payment="JCBカード", member="haru")),
    # Bought and returned: the statement shows the purchase and a minus line.
    dict(id="J4", kind="spend", day=20, price=3990, member="haru", account="JCBカード",
         jcb=dict(name="ユニクロ　大崎ニューシティ店"), mf=dict(name="ユニクロ 大崎ニューシティ店", major="衣服・美容", minor="衣服")),
    dict(id="J5", kind="spend", day=22, price=-3990, member="haru", account="JCBカード",
         jcb=dict(name="ユニクロ　大崎ニューシティ店"), mf=dict(name="ユニクロ 大崎ニューシティ店", major="衣服・美容", minor="衣服")),
    # The month's last day: the card books it on 07-01; MoneyForward and haru's typed item say 06-30.
    dict(id="J6", kind="spend", day=30, price=12800, member="haru", account="JCBカード",
         jcb=dict(date="2024/07/01", name="ビックカメラ　有楽町店"), mf=dict(name="ビックカメラ 有楽町店", major="趣味・娯楽", minor="趣味・娯楽"),
         typed_haru=dict(name="ヘッドホン", category="entertainment/hobbies", payment="JCBカード", shop="ビックカメラ")),
    # One purchase, two payments under one 取引番号: ¥100 of PayPayポイント and ¥1,000 on the JCBカード registered in
    # PayPay. The card's leg is on the JCB statement and in MoneyForward (which links the card); the points leg only
    # in PayPay's export.
    dict(id="J7", kind="spend", day=12, price=1100, member="haru", account="JCBカード",
         legs=[dict(account="PayPayポイント", price=100), dict(account="JCBカード", price=1000)],
         jcb=dict(name="ＰａｙＰａｙ＊ダイソー", price=1000), mf=dict(name="ＰａｙＰａｙ＊ダイソー", major="日用品", minor="日用品", price=1000),
         paypay=dict(name="ダイソー　大崎ニューシティ店", split=[("PayPayポイント", 100), ("クレジット JCB 1234", 1000)], earned=5)),
    # PayPay (haru's): purchases from the balance, a refund, one paid by points and balance in one row.
    dict(id="P1", kind="spend", day=5, price=648, member="haru", account="PayPay",
         paypay=dict(name="セブン－イレブン　大崎店"), mf=dict(name="PayPay\nセブン－イレブン 大崎店", major="食費", minor="食料品")),
    dict(id="P2", kind="spend", day=8, price=2460, member="haru", account="PayPay",
         paypay=dict(name="ウエルシア　品川大崎店"), mf=dict(name="PayPay\nウエルシア 品川大崎店", major="日用品", minor="ドラッグストア")),
    dict(id="P3", kind="spend", day=9, price=-460, member="haru", account="PayPay",
         paypay=dict(name="ウエルシア　品川大崎店"), mf=dict(name="PayPay\nウエルシア 品川大崎店", major="日用品", minor="ドラッグストア")),
    dict(id="P4", kind="spend", day=26, price=780, member="haru", account="PayPay",
         legs=[dict(account="PayPayポイント", price=80), dict(account="PayPay", price=700)],
         paypay=dict(name="すき家　大崎駅前店", method="PayPayポイント (80円), PayPay残高 (700円)"),
         mf=dict(name="PayPay\nすき家 大崎駅前店", major="食費", minor="外食")),
    # 楽天銀行 (haru's): salary, rent, electricity, interest.
    dict(id="R1", kind="income", day=25, price=312000, member="haru", account="楽天銀行",
         rbank=dict(name="給与　カ）サクラシヤ"), mf=dict(name="給与 カ）サクラシヤ", major="収入", minor="給与")),
    dict(id="R2", kind="income", day=30, price=3, member="haru", account="楽天銀行",
         rbank=dict(name="普通預金利息"), mf=dict(name="普通預金利息", major="収入", minor="その他入金")),
    dict(id="R3", kind="spend", day=27, price=88000, member="haru", account="楽天銀行",
         rbank=dict(name="振込　フドウサンカンリ（カ"), mf=dict(name="振込 フドウサンカンリ（カ", major="住宅", minor="家賃・地代"),
         fixed=dict(name="家賃", category="housing/rent", payment="楽天銀行", member="haru")),
    dict(id="R4", kind="spend", day=5, price=7210, member="haru", account="楽天銀行",
         rbank=dict(name="口座振替　トウキヨウテ゛ンリヨク"), mf=dict(name="口座振替 トウキヨウテ゛ンリヨク", major="水道・光熱費", minor="電気代")),
    # イオンカード (mio's; 家族 is sora's family card), paid 2024/08/02; mio typed her purchases into Zaim.
    dict(id="A1", kind="spend", day=2, price=8460, member="mio", account="イオンカード",
         aeon=dict(name="イオンスタイル品川シーサイド", user="本人"),
         zaim=dict(payment="イオンカード", category="食費", sub="食料品", name="食料品", shop="イオン")),
    dict(id="A2", kind="spend", day=7, price=1518, member="sora", account="イオンカード",
         aeon=dict(name="ウエルシア　品川大崎店", user="家族")),
    dict(id="A3", kind="spend", day=11, price=3600, member="mio", account="イオンカード",
         aeon=dict(name="イオンシネマ　シアタス調布", user="本人"),
         zaim=dict(day=12, payment="イオンカード", category="エンタメ", sub="映画", name="映画", shop="イオンシネマ")),
    dict(id="A4", kind="spend", day=18, price=4280, member="mio", account="イオンカード",
         aeon=dict(name="ＡＭＡＺＯＮ．ＣＯ．ＪＰ", user="本人")),
    dict(id="A5", kind="spend", day=24, price=-1290, member="mio", account="イオンカード",
         aeon=dict(name="ＡＭＡＺＯＮ．ＣＯ．ＪＰ", user="本人")),
    dict(id="A6", kind="spend", day=21, price=2990, member="sora", account="イオンカード",
         aeon=dict(name="ＧＵ　大崎店", user="家族")),
    dict(id="A7", kind="spend", day=28, price=2178, member="sora", account="イオンカード",
         aeon=dict(name="スタディサプリ", user="家族")),
    # Cash (the household's wallet): mio's in Zaim and one typed; sora's typed.
    dict(id="C1", kind="spend", day=9, price=1200, member="mio", account="現金",
         zaim=dict(payment="財布", category="食費", sub="外食", name="ランチ", shop="定食屋")),
    dict(id="C2", kind="spend", day=16, price=4400, member="mio", account="現金",
         zaim=dict(payment="財布", category="美容・衣服", sub="美容院", name="カット", shop="美容院")),
    dict(id="C3", kind="spend", day=23, price=1650, member="mio", account="現金",
         typed_mio=dict(name="花", category="daily/consumables", payment="現金")),
    dict(id="C4", kind="spend", day=8, price=660, member="sora", account="現金",
         typed_sora=dict(name="文房具", category="education/books", payment="現金")),
    dict(id="C5", kind="spend", day=19, price=180, member="sora", account="現金",
         typed_sora=dict(name="アイス", category="food/sweets", payment="現金")),
    # モバイルSuica (sora's).
    dict(id="S1", kind="spend", day=3, price=157, member="sora", account="モバイルSuica", suica=dict(k1="入", p1="大崎", k2="出", p2="品川")),
    dict(id="S2", kind="spend", day=3, price=680, member="sora", account="モバイルSuica", suica=dict(k1="物販")),
    dict(id="S3", kind="spend", day=13, price=220, member="sora", account="モバイルSuica", suica=dict(k1="入", p1="六本木", k2="出", p2="恵比寿")),
    dict(id="S4", kind="spend", day=17, price=210, member="sora", account="モバイルSuica", suica=dict(k1="ﾊﾞｽ等", p1="都営Ｂ")),
    dict(id="S5", kind="spend", day=22, price=480, member="sora", account="モバイルSuica", suica=dict(k1="物販")),
    dict(id="S6", kind="spend", day=29, price=199, member="sora", account="モバイルSuica", suica=dict(k1="入", p1="大崎", k2="出", p2="渋谷")),
    # Money moved between the household's own accounts, and to another member: never spending.
    dict(id="T1", kind="transfer", day=1, price=10000, account="楽天銀行", to="PayPay",
         rbank=dict(name="ヘ゜イヘ゜イ　チヤ－シ゛"), mf=dict(name="PayPayチャージ", major="現金・カード", minor="電子マネー"),
         paypay=dict(source="楽天銀行 *****34")),
    dict(id="T2", kind="transfer", day=10, price=38420, account="楽天銀行", to="JCBカード",
         rbank=dict(name="口座振替　シ゛エ－シ－ヒ゛－"), mf=dict(name="口座振替 シ゛エ－シ－ヒ゛－", major="現金・カード", minor="カード引き落とし")),
    dict(id="T3", kind="transfer", day=4, price=21380, account="楽天銀行", to="イオンカード",
         rbank=dict(name="イオンクレシ゛ツトサ－ヒ゛ス"), mf=dict(name="イオンクレシ゛ツトサ－ヒ゛ス", major="現金・カード", minor="カード引き落とし")),
    dict(id="T4", kind="transfer", day=15, price=30000, account="楽天銀行", to="楽天証券",
         rbank=dict(name="振込　ラクテンシヨウケン（カ"), mf=dict(name="振込 ラクテンシヨウケン（カ", major="未分類", minor="未分類")),
    dict(id="T5", kind="transfer", day=14, price=20000, account="楽天銀行", to="現金",
         rbank=dict(name="ＡＴＭ　セブン銀行"), mf=dict(name="ＡＴＭ　セブン銀行", major="現金・カード", minor="ATM引き出し")),
    dict(id="T6", kind="transfer", day=10, price=3000, account="現金", to="モバイルSuica", suica=dict(k1="現金", charge=True)),
    # The settle-up: haru pays mio her share of the month's shared spending from his bank.
    dict(id="T7", kind="transfer", day=30, price=15000, account="楽天銀行", to="member:mio", settle=dict(payer="haru", payee="mio"),
         rbank=dict(name="振込　ヤマダ　ミオ"), mf=dict(name="振込 ヤマダ ミオ", major="未分類", minor="未分類")),
]


def day_of(event, source):
    return event[source].get("day", event["day"])


def price_of(event, source):
    return event[source].get("price", event["price"])


def date(d, sep="/"):
    return "%04d%s%02d%s%02d" % (YEAR, sep, MONTH, sep, d)


def seen_by(source):
    return [e for e in EVENTS if source in e]


# MoneyForward ME (haru): the JCB's, the bank's and PayPay's lines; money it knows moves marked 振替. Newest first.
MF_HEADER = ["計算対象", "日付", "内容", "金額（円）", "保有金融機関", "大項目", "中項目", "メモ", "振替", "ID"]
mf_rows = []
for event in seen_by("mf"):
    mf = event["mf"]
    price = price_of(event, "mf")
    amount = price if event["kind"] == "income" else -price
    transfer = "1" if mf["major"] == "現金・カード" else "0"
    mf_rows.append(["1", date(day_of(event, "mf")), mf["name"], str(amount), event["account"], mf["major"], mf["minor"], "", transfer,
                    "mfJun24%sq7Lx" % event["id"]])
mf_rows.sort(key=lambda r: (r[1], r[9]), reverse=True)
write("haru-moneyforward-2024-06.csv", [MF_HEADER] + mf_rows, "cp932", quote_all=True)

# MyJCB (haru): the statement paid 2024/08/10, the lines of 06-02 to 07-01 (the 07-01 line is J6, bought 06-30).
jcb_rows = []
for event in sorted(seen_by("jcb"), key=lambda e: (e["jcb"].get("date") or date(e["day"]), e["id"])):
    j = event["jcb"]
    price = price_of(event, "jcb")
    jcb_rows.append(["****-****-****-1234　ヤマダ　ハル様", "≪ショッピング取組（国内）≫", " " + (j.get("date") or date(event["day"])), j["name"],
                     yen(price), "１回", "", "", yen(price), "国内", "", ""])
JCB_BILL = sum(price_of(e, "jcb") for e in seen_by("jcb"))
JCB = [
    ["", "", "今回のお支払日", "2024/08/10"],
    ["", "", "今回のお支払金額合計(￥)", yen(JCB_BILL)],
    ["", "", "　うち国内ご利用金額合計(￥)", yen(JCB_BILL)],
    ["", "", "　うち海外ご利用金額合計(￥)", "0"],
    ["【ご利用明細】"],
    ["ご利用者", "カテゴリ", "ご利用日", "ご利用先など", "ご利用金額(￥)", "支払区分", "今回回数", "訂正サイン", "お支払い金額(￥)", "国内／海外", "摘要", "備考"],
] + jcb_rows
write("haru-jcb-2024-08.csv", JCB, "cp932", quote_all=True)

# PayPay (haru): newest first; a split payment is a row per payment under one 取引番号, plus the points it earned.
PAYPAY_HEADER = ["取引日", "出金金額（円）", "入金金額（円）", "海外出金金額", "通貨", "変換レート（円）", "利用国", "取引内容", "取引先", "取引方法", "支払い区分",
                 "利用者", "取引番号"]
paypay_rows = []
for number, event in enumerate(seen_by("paypay")):
    p = event["paypay"]
    when = "%s %02d:%02d:%02d" % (date(day_of(event, "paypay")), 9 + number, 3 * number % 60, 7 * number % 60)
    serial = "046171%014d" % (40213 * (number + 1))
    if event["kind"] == "transfer":
        paypay_rows.append([when, "-", yen(event["price"]), "-", "-", "-", "-", "チャージ", "PayPay", p["source"], "-", "-", serial])
    elif event["price"] < 0:
        paypay_rows.append([when, "-", yen(-event["price"]), "-", "-", "-", "-", "返金", p["name"], "PayPay残高", "-", "-", serial])
    elif "split" in p:
        for method, amount in p["split"]:
            paypay_rows.append([when, yen(amount), "-", "-", "-", "-", "-", "支払い", p["name"], method, "-", "本人", serial])
        paypay_rows.append([when, "-", yen(p["earned"]), "-", "-", "-", "-", "ポイント、残高の獲得", p["name"], "PayPayポイント", "-", "-", serial])
    else:
        paypay_rows.append([when, yen(event["price"]), "-", "-", "-", "-", "-", "支払い", p["name"], p.get("method", "PayPay残高"), "-", "本人",
                            serial])
paypay_rows.sort(key=lambda r: r[0], reverse=True)
write("haru-paypay-2024-06.csv", [PAYPAY_HEADER] + paypay_rows, "utf-8", bom=True, newline="\n")

# 楽天銀行 (haru): oldest first, each row with the balance after it.
RBANK_OPENING = 420000
balance = RBANK_OPENING
rbank_rows = []
for event in sorted(seen_by("rbank"), key=lambda e: (e["day"], e["id"])):
    amount = event["price"] if event["kind"] == "income" else -event["price"]
    balance += amount
    rbank_rows.append([date(event["day"], ""), str(amount), str(balance), event["rbank"]["name"]])
RBANK_CLOSING = balance
write("haru-rakuten-bank-2024-06.csv", [["取引日", "入出金(円)", "取引後残高(円)", "入出金内容"]] + rbank_rows, "cp932")

# イオンカード (mio): the statement paid 2024/08/02, 本人 and 家族, dates as yyMMdd.
aeon_lines = sorted(seen_by("aeon"), key=lambda e: (e["day"], e["id"]))
AEON_BILL = sum(e["price"] for e in aeon_lines)
AEON = [
    ["ご利用カード", "イオンカードセレクト", "", "", "", "", "", "", ""],
    ["今回ご請求金額", str(AEON_BILL), "", "", "", "", "", "", ""],
    ["お支払い日", "2024年 8月 2日", "", "", "", "", "", "", ""],
    ["ご指定口座", "", "", "", "", "", "", "", ""],
    ["金融機関", "支店", "口座番号", "名義人", "", "", "", "", ""],
    ["ﾗｸﾃﾝ", "ﾀﾞｲｻﾝｴｲｷﾞﾖｳ", "1-2345-678", "ﾔﾏﾀﾞﾐｵ", "", "", "", "", ""],
    ["ご利用明細", "", "", "", "", "", "", "", ""],
    ["ご利用日", "利用者区分", "ご利用先", "支払方法", "", "", "ご利用金額", "備考", ""],
] + [["%02d%02d%02d" % (YEAR % 100, MONTH, e["day"]), e["aeon"]["user"], e["aeon"]["name"], "１回", "", "", str(e["price"]), "", ""]
     for e in aeon_lines] + [
    ["分割・ボーナス払い明細", "", "", "", "", "", "", "", ""],
    ["ご利用日", "ご利用先", "支払回数", "ご利用金額", "実質年率", "お支払い総額", "今回ご請求金額", "内手数料", "今回回数"],
]
write("mio-aeon-2024-08.csv", AEON, "cp932")

# Zaim (mio): what she typed, with her names for the accounts.
ZAIM_HEADER = ["日付", "方法", "カテゴリ", "カテゴリの内訳", "支払元", "入金先", "品目", "メモ", "お店", "通貨", "収入", "支出", "振替", "残高調整",
               "通貨変換前の金額", "集計の設定"]
zaim_rows = []
for event in seen_by("zaim"):
    z = event["zaim"]
    zaim_rows.append([date(day_of(event, "zaim"), "-"), "payment", z["category"], z["sub"], z["payment"], "-", z["name"], "-", z.get("shop", "-"),
                      "JPY", "0", str(event["price"]), "0", "0", "0", "常に集計に含める"])
zaim_rows.sort(key=lambda r: r[0])
write("mio-zaim-2024-06.csv", [ZAIM_HEADER] + zaim_rows, "utf-8", newline="\n")

# モバイルSuica (sora): the SF利用履歴 table saved as CSV, newest first, dates without a year (the file's name has it).
SUICA_OPENING = 1200
balance = SUICA_OPENING
suica_rows = []
for event in sorted(seen_by("suica"), key=lambda e: (e["day"], e["id"])):
    s = event["suica"]
    amount = event["price"] if s.get("charge") else -event["price"]
    balance += amount
    suica_rows.append(["%02d/%02d" % (MONTH, event["day"]), s["k1"], s.get("p1", ""), s.get("k2", ""), s.get("p2", ""), "\\" + yen(balance),
                       ("+" if amount > 0 else "") + yen(amount)])
SUICA_CLOSING = balance
write("sora-mobile-suica-2024-06.csv", [["月日", "種別", "利用場所", "種別", "利用場所", "残高", "入金・利用額"]] + suica_rows[::-1], "utf-8", newline="\n")

# What each member types, the fixed costs (haru's), and who sets up what.
MEMBERS = ["haru", "mio", "sora"]
typed = {m: [] for m in MEMBERS}
for event in EVENTS:
    for member in MEMBERS:
        t = event.get("typed_" + member)
        if t:
            typed[member].append(dict(t, date=date(event["day"], "-"), price=event["price"]))
fixed = [dict(e["fixed"], price=e["price"], day=e["day"]) for e in EVENTS if "fixed" in e]

spending = [e for e in EVENTS if e["kind"] == "spend"]
income = [e for e in EVENTS if e["kind"] == "income"]
transfers = [e for e in EVENTS if e["kind"] == "transfer"]
by_member = {}
for e in spending:
    by_member[e["member"] or ""] = by_member.get(e["member"] or "", 0) + e["price"]
SOURCES = ("mf", "jcb", "paypay", "rbank", "aeon", "zaim", "suica", "typed_haru", "typed_mio", "typed_sora", "fixed")
truth = {
    "month": "%04d-%02d" % (YEAR, MONTH),
    "spending": {"total": sum(e["price"] for e in spending), "count": len(spending)},
    "income": {"total": sum(e["price"] for e in income), "count": len(income)},
    "transfers": {"total": sum(e["price"] for e in transfers), "count": len(transfers)},
    "spendingByMember": by_member,
    # What the statements state: the balance after their last line, and the cards' bills.
    "statedBalances": {"楽天銀行": RBANK_CLOSING, "モバイルSuica": SUICA_CLOSING},
    "statedBills": {"JCBカード": JCB_BILL, "イオンカード": AEON_BILL},
    "settleUp": {"payer": "haru", "payee": "mio", "amount": 15000, "date": date(30, "-")},
    "lines": sum(sum(1 for k in e if k in SOURCES) for e in EVENTS),
}
setup = {
    "members": MEMBERS,
    # Each member adds the accounts that are theirs; the bank and the brokerage are haru's, the wallet the household's.
    "accounts": {
        "haru": [
            {"name": "楽天銀行", "kind": "bank", "member": "haru", "aliases": []},
            {"name": "JCBカード", "kind": "card", "member": "haru", "aliases": ["ジェーシービー", "クレジット JCB 1234"]},
            {"name": "PayPay", "kind": "emoney", "member": "haru", "aliases": ["ペイペイ", "PayPayチャージ"]},
            {"name": "楽天証券", "kind": "bank", "member": "haru", "aliases": ["ラクテンシヨウケン"]},
        ],
        "mio": [
            {"name": "イオンカード", "kind": "card", "member": "mio", "aliases": ["イオンクレジットサービス", "イオンカードセレクト"]},
            {"name": "現金", "kind": "cash", "member": None, "aliases": ["財布"]},
        ],
        "sora": [
            {"name": "モバイルSuica", "kind": "emoney", "member": "sora", "aliases": ["交通系IC", "Suica"]},
        ],
    },
    # The イオンカード's 利用者区分, scoped to that card where kakeibo can (`rules member … --account`).
    "statementUsers": {"mio": [{"user": "本人", "member": "mio", "account": "イオンカード"},
                               {"user": "家族", "member": "sora", "account": "イオンカード"}]},
    "files": {
        "haru": [["moneyforward", "haru-moneyforward-2024-06.csv"], ["layout:jcb", "haru-jcb-2024-08.csv"],
                 ["paypay", "haru-paypay-2024-06.csv"], ["layout:rakuten-bank", "haru-rakuten-bank-2024-06.csv"]],
        "mio": [["layout:aeon-card", "mio-aeon-2024-08.csv"], ["zaim", "mio-zaim-2024-06.csv"]],
        "sora": [["layout:mobile-suica", "sora-mobile-suica-2024-06.csv"]],
    },
    "typed": typed,
    "fixed": {"haru": fixed},
}
document = {"truth": truth, "setup": setup, "events": EVENTS}
(here / "household2.json").write_text(json.dumps(document, ensure_ascii=False, indent=1) + "\n")
print(json.dumps(truth, ensure_ascii=False, indent=1))
