#!/usr/bin/env python3
"""Issue 39 ("Real files 2") research fixtures: faithful RECONSTRUCTIONS of more files Japanese households download.

Same rule as Tests/Fixtures/downloads (issue 30): the *layout* of each file (header names and order, column count,
encoding, quoting, preamble, footer tables, date and amount styles, line ends) follows public material cited in
PROVENANCE.md; every *row* (shop, date, amount, name, account number, id) is invented. No downloaded file is copied.

Each row is declared with its kind, and expected.json is computed here from those declarations, so the totals
always agree with the bytes written. Run from anywhere: `python3 make-fixtures.py`; files land beside this script.

Kinds:
  purchase   money spent (a card line, a withdrawal paying a shop or a bill, a fare, a fee)
  refund     money given back for a purchase (negative amount)
  income     money in that is income (salary, interest)
  xfer-out   money leaving to one of the household's own accounts/wallets (card bill, ATM cash, wallet charge paid
             from this account): never spending once that account is known
  xfer-in    money arriving from one of the household's own accounts (a wallet's or IC card's charge): never income
  between    money between people (PayPay 送った/受け取った): set aside
  points     points earned/used/converted: set aside
  zero       a 0-yen line (free item, 窓出): set aside
  note       a row that is not a line: summary, totals, carried-forward balance, order-level row, footer table,
             card/member block line
"""
import json
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = {}
SPEND = ("purchase", "refund")


def field(value, quote):
    value = str(value)
    if quote == "all":
        return '"' + value.replace('"', '""') + '"'
    if quote == "minimal" and any(c in value for c in ',"\r\n'):
        return '"' + value.replace('"', '""') + '"'
    return value


def line(fields, quote="minimal", sep=","):
    return sep.join(field(f, quote) for f in fields)


def yen(n):
    return f"{n:,}"


class Fx:
    """One fixture: its rows as written and what they mean."""

    def __init__(self, name, service, variant, sources, kind):
        self.name, self.service, self.variant, self.sources, self.kind = name, service, variant, sources, kind
        self.entries = []  # (kind, 'YYYY-MM-DD' or None, signed amount: + out/spent, - in)
        self.lines = []

    def add(self, kind, date, amount=0):
        self.entries.append((kind, date, amount))

    def total(self, *kinds):
        return sum(a for k, _, a in self.entries if k in kinds)

    def count(self, *kinds):
        return sum(1 for k, _, _ in self.entries if k in kinds)

    def by_month(self, kinds):
        months = defaultdict(int)
        for k, d, a in self.entries:
            if k in kinds and d:
                months[d[:7]] += a
        return dict(sorted(months.items()))

    def write(self, encoding, newline="\r\n", bom=False, final_newline=True):
        text = newline.join(self.lines) + (newline if final_newline else "")
        if encoding == "utf-16":
            data = text.encode("utf-16")  # with its byte order mark, as Python and Windows write it
        else:
            data = text.encode(encoding)
            if bom:
                data = b"\xef\xbb\xbf" + data
        (HERE / self.name).write_bytes(data)
        enc = {"cp932": "Shift_JIS (cp932)", "utf-8": "UTF-8" + (" with BOM" if bom else ""),
               "utf-16": "UTF-16 LE with BOM"}[encoding]
        self.encoding = enc
        self.line_end = {"\r\n": "CRLF", "\n": "LF"}[newline] + ("" if final_newline else ", no newline at the end")

    def expect(self, serviceShows, quirks, reading, invented, **more):
        info = {
            "service": self.service, "variant": self.variant, "kind": self.kind, "sources": self.sources,
            "encoding": self.encoding, "lineEnd": self.line_end, "physicalLines": len(self.lines),
            "purchaseLines": self.count("purchase"), "refundLines": self.count("refund"),
            "purchaseTotal": self.total("purchase"), "refundTotal": -self.total("refund"),
            "netSpending": self.total(*SPEND), "byMonth": self.by_month(SPEND),
            "incomeLines": self.count("income"), "incomeTotal": -self.total("income"),
            "incomeByMonth": {m: -v for m, v in self.by_month(("income",)).items()},
            "transferOutLines": self.count("xfer-out"), "transferOutTotal": self.total("xfer-out"),
            "transferInLines": self.count("xfer-in"), "transferInTotal": -self.total("xfer-in"),
            "setAside": {k: self.count(k) for k in ("between", "points", "zero", "note") if self.count(k)},
        }
        if self.kind == "bank":
            # What an import with no accounts and no transfer rules adds: every withdrawal is spending.
            info["withdrawalsByMonth"] = self.by_month(("purchase", "refund", "xfer-out"))
        info.update(more)
        info.update(serviceShows=serviceShows, quirks=quirks, reading=reading, invented=invented,
                    reconstruction=True)
        EXPECTED[self.name] = info


def bank_rows(fx, start, rows):
    """rows: (date 'YYYY-MM-DD', out, in, description, kind). Returns [(row tuple, balance after)]."""
    balance, out = start, []
    for date, o, i, desc, kind in rows:
        balance += (i or 0) - (o or 0)
        fx.add(kind, date, (o or 0) - (i or 0))
        out.append((date, o, i, desc, balance))
    return out


def slash(d, pad=True):
    y, m, dd = d.split("-")
    return f"{y}/{m}/{dd}" if pad else f"{int(y)}/{int(m)}/{int(dd)}"


def kanji(d, pad=False):
    y, m, dd = d.split("-")
    return f"{y}年{m}月{dd}日" if pad else f"{int(y)}年{int(m)}月{int(dd)}日"


def blank(n):
    return "" if not n else str(n)


# ================================================================ 三井住友銀行 (SMBC Direct 入出金明細)

def smbc_current():
    fx = Fx("smbc-bank-202412-sjis.csv", "三井住友銀行", "current download: 年月日 (西暦), with メモ and ラベル",
            ["B1", "B2", "B3"], "bank")
    rows = bank_rows(fx, 412_300, [
        ("2024-12-02", 30000, 0, "ｶｰﾄﾞ", "xfer-out"),
        ("2024-12-05", 7312, 0, "ﾃﾞﾝｷﾘﾖｳｷﾝ ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ", "purchase"),
        ("2024-12-10", 2845, 0, "Vﾃﾞﾋﾞｯﾄ ｾｲﾕｳ ｵｵｻｷ", "purchase"),
        ("2024-12-25", 0, 285000, "ｷﾕｳﾖ ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ", "income"),
        ("2024-12-26", 64210, 0, "ﾐﾂｲｽﾐﾄﾓｶ-ﾄﾞ (ｶ", "xfer-out"),
        ("2024-12-27", 43020, 0, "ｶ)ﾋﾞﾕ-ｶ-ﾄﾞ", "xfer-out"),
        ("2024-12-30", 0, 3, "ﾌﾂｳ ﾘｿｸ", "income"),
    ])
    fx.lines = [line(["年月日", "お引出し", "お預入れ", "お取り扱い内容", "残高", "メモ", "ラベル"])]
    fx.lines += [line([slash(d), blank(o), blank(i), desc, b, "", ""]) for d, o, i, desc, b in rows]
    fx.write("cp932")
    fx.expect({"closing balance": rows[-1][4]},
              ["no shipped layout", "half-width kana descriptions", "empty メモ and ラベル columns",
               "card bills (ﾐﾂｲｽﾐﾄﾓｶ-ﾄﾞ (ｶ, ｶ)ﾋﾞﾕ-ｶ-ﾄﾞ) and ATM (ｶｰﾄﾞ) among the withdrawals"],
              ["お引出し money out, お預入れ money in, お取り扱い内容 the name, 年月日 yyyy/MM/dd",
               "card bills and ATM are transfers once the cards and a cash account are known"],
              ["rows", "quoting: none (the sources show unquoted rows; not shown for every field)",
               "CRLF line ends"])


def smbc_wareki(name, variant, start, rows, sources, invented):
    fx = Fx(name, "三井住友銀行", variant, sources, "bank")
    out = bank_rows(fx, start, [(d, o, i, desc, k) for d, _, o, i, desc, k in rows])
    fx.lines = ['"年月日（和暦）","お引出し","お預入れ","お取り扱い内容","残高"']
    for (d, o, i, desc, b), r in zip(out, rows):
        fx.lines.append(",".join([r[1], blank(o), blank(i), '"' + desc + '"', str(b)]))
    fx.write("cp932")
    return fx, out


def smbc_heisei():
    fx, out = smbc_wareki(
        "smbc-bank-201801-wareki-sjis.csv", "older download: 年月日（和暦）, H30.01.15", 356_120, [
            ("2018-01-05", "H30.01.05", 10000, 0, "ｶｰﾄﾞ", "xfer-out"),
            ("2018-01-15", "H30.01.15", 6820, 0, "ｶﾞｽﾘﾖｳｷﾝ ﾄｳｷﾖｳｶﾞｽ", "purchase"),
            ("2018-01-25", "H30.01.25", 0, 248000, "ｷﾕｳﾖ ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ", "income"),
            ("2018-01-26", "H30.01.26", 52340, 0, "ﾐﾂｲｽﾐﾄﾓｶ-ﾄﾞ (ｶ", "xfer-out"),
            ("2018-02-01", "H30.02.01", 2520, 0, "NHK ｼﾞﾕｼﾝﾘﾖｳ", "purchase"),
        ], ["B4", "B5"], [])
    fx.expect({"closing balance": out[-1][4]},
              ["和暦 dates H30.01.15 (平成30年 = 2018)", "header quoted, rows not: the date bare, the name quoted",
               "a layout can't say 和暦: yy.MM.dd after stripping 'H' reads 2030"],
              ["H = 平成 (1989-01-08 … 2019-04-30): year = 1988 + n; reject a date outside the era's bounds"],
              ["rows", "the amounts' and balance's quoting (bare, as the source's reader implies)", "CRLF"])


def smbc_era_change():
    fx, out = smbc_wareki(
        "smbc-bank-201905-era-change-sjis.csv", "older download across the era change: H31.04.30 then R01.05.07",
        401_880, [
            ("2019-04-25", "H31.04.25", 0, 251000, "ｷﾕｳﾖ ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ", "income"),
            ("2019-04-26", "H31.04.26", 48800, 0, "ﾐﾂｲｽﾐﾄﾓｶ-ﾄﾞ (ｶ", "xfer-out"),
            ("2019-04-30", "H31.04.30", 20000, 0, "ｶｰﾄﾞ", "xfer-out"),
            ("2019-05-07", "R01.05.07", 7020, 0, "ﾃﾞﾝｷﾘﾖｳｷﾝ ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ", "purchase"),
            ("2019-05-27", "R01.05.27", 4860, 0, "ｽｲﾄﾞｳﾘﾖｳｷﾝ", "purchase"),
        ], ["B4", "B5"], [])
    fx.expect({"closing balance": out[-1][4]},
              ["平成31年4月30日 is the last day of 平成; 令和 starts 2019-05-01",
               "the source's own reader only knew 'H' (its comment: 元号が変わるとバグる)"],
              ["R = 令和 (2019-05-01 …): year = 2018 + n; H31.05.01 or R01.04.30 is no date and must be refused"],
              ["rows", "the 'R01.' spelling of 令和 dates: not attested (the source predates 令和); chosen to match 'H30.'"])


# ================================================================ オリコカード

def orico():
    fx = Fx("orico-card-202412-sjis.csv", "オリコカード (Orico Card THE POINT)", "利用明細 columns as eオリコ shows them",
            ["C1"], "card")
    hdr = ["ご利用日", "ご利用先など", "ご利用者", "支払区分", "支払回数", "支払開始年月", "ご利用金額", "手数料・利息"]
    rows = [
        ("2024-11-02", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", "本人", "アドオン型", "1回払い", "2024年12月", 3480, 0, "purchase"),
        ("2024-11-05", "イトーヨーカドー　大井町店", "本人", "アドオン型", "1回払い", "2024年12月", 6215, 0, "purchase"),
        ("2024-11-09", "オリコモール　ユニクロ", "家族", "アドオン型", "1回払い", "2024年12月", 4990, 0, "purchase"),
        ("2024-11-14", "ＥＮＥＯＳ　品川ＳＳ", "本人", "アドオン型", "1回払い", "2024年12月", 5830, 0, "purchase"),
        ("2024-11-20", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", "本人", "アドオン型", "1回払い", "2024年12月", -1280, 0, "refund"),
        ("2024-11-22", "ヨドバシカメラ　マルチメディアＡｋｉｂａ", "本人", "アドオン型", "3回払い", "2024年12月", 38500, 1155, "purchase"),
    ]
    fx.lines = [line(hdr)]
    for d, shop, user, kubun, kai, start, amt, fee, kind in rows:
        fx.lines.append(line([slash(d), shop, user, kubun, kai, start, amt, fee]))
        fx.add(kind, d, amt)
    fx.write("cp932")
    fx.expect({"ご利用金額 total": fx.total(*SPEND)},
              ["no shipped layout", "支払開始年月 '2024年12月' looks like a date without a day",
               "a 3回払い purchase with its 手数料"],
              ["ご利用金額 is the price (a 3回払い whole, on its date); 手数料・利息 is a fee billed later"],
              ["rows", "the CSV itself: only the statement's columns are attested (C1), not the file's encoding, "
               "quoting, preamble or date style; Shift_JIS, no preamble and yyyy/MM/dd are assumptions",
               "the VISA and Master cards are not told apart by anything attested"])


# ================================================================ ライフカード

def lifecard():
    fx = Fx("lifecard-202504-sjis.csv", "ライフカード (ミライノ カード)", "19 lines about the bill, 明細No. header, "
            "回数指定払 table after the statement", ["C2"], "card")
    rows = [
        ("0001", "2025-03-02", "ＳＥＶＥＮ－ＥＬＥＶＥＮ", 658, "purchase"),
        ("0002", "2025-03-08", "ＴＯＨＯシネマズ", 3800, "purchase"),
        ("0003", "2025-03-11", "ＡＰＰＬＥ．ＣＯＭ／ＢＩＬＬ", 1300, "purchase"),
        ("0004", "2025-03-15", "ＮＩＴＯＲＩ　ネットショップ", 29900, "purchase"),
        ("0005", "2025-03-22", "ＡＰＰＬＥ．ＣＯＭ／ＢＩＬＬ", -1300, "refund"),
        ("0006", "2025-03-29", "TEST SHOP", 3455, "purchase"),
    ]
    for _, d, _, a, k in rows:
        fx.add(k, d, a)
    total = fx.total(*SPEND)
    meta = [["支払日", "2025年04月28日"], ["会員氏名", "カケイボ タロウ"], [], ["カード名称", "ミライノ カード(MasterCard)"],
            ["カード番号", "5555-****-****-1234"], [], ["今回お支払金額", str(total)], ["うちショッピング", str(total)],
            ["うちキャッシング", "0"], [], ["お支払方法", "口座振替"], ["お引落口座", "住信ＳＢＩネット銀行"], [],
            ["ご利用期間", "2025年03月01日～2025年03月31日"], [], ["お問い合わせ", "ライフカード"], [], ["明細件数", "6"], []]
    assert len(meta) == 19
    fx.lines = [line(m) for m in meta]
    fx.lines.append(line(["明細No.", "利用日", "利用先", "利用金額"]))
    fx.lines += [line([n, slash(d), shop, a], "all") for n, d, shop, a, _ in rows]
    fx.lines += ["", "回数指定払 内訳表", line(["明細No.", "お支払総額", "ご利用金額"]), line(["0004", "29900", "29900"], "all")]
    for _ in range(4):
        fx.add("note", None)
    fx.write("cp932")
    fx.expect({"今回お支払金額": total, "明細件数": 6},
              ["header on row 20 after 19 lines about the bill", "明細No. '0001' — a number, never the name",
               "every row quoted, the amount too", "a second table (回数指定払 内訳表) after a blank line"],
              ["the table ends at the blank line / 回数指定払; 今回お支払金額 checks the sum"],
              ["rows", "the words of preamble lines 3–19 (only 支払日 and 会員氏名 and the count 19 are attested)",
               "whether more columns follow 利用金額 (the source's reader names only these four)", "CRLF"])


# ================================================================ SBI新生銀行

def shinsei(name, variant, header, encoding, bom, sources, invented):
    fx = Fx(name, "SBI新生銀行", variant, sources, "bank")
    rows = bank_rows(fx, 184_220, [
        ("2024-12-02", 20000, 0, "ATM 出金", "xfer-out"),
        ("2024-12-05", 110, 0, "振込手数料", "purchase"),
        ("2024-12-05", 0, 110, "振込手数料", "refund"),
        ("2024-12-10", 9800, 0, "振込 ヤマダ タロウ", "purchase"),
        ("2024-12-25", 0, 262000, "給与 カ)サンプルシヨウジ", "income"),
        ("2024-12-27", 41230, 0, "口座振替 ラクテンカ－ド", "xfer-out"),
    ])
    # the fee given back the same day (row 3) is a refund of the fee, not income
    fx.lines = [line(header, "all")] + [line([slash(d), desc, blank(o), blank(i), b], "all") for d, o, i, desc, b in rows]
    fx.write(encoding, bom=bom)
    fx.expect({"closing balance": rows[-1][4]},
              ["no shipped layout", "every field quoted, an empty amount as \"\"",
               "a 振込手数料 charged and given back the same day (the source shows this pair)"],
              ["出金金額 / Debit money out, 入金金額 / Credit money in; the header may be Japanese or English"],
              invented)
    return fx


def shinsei_all():
    shinsei("sbi-shinsei-202412-utf8.csv", "current download, Japanese header, UTF-8 with BOM",
            ["取引日", "摘要", "出金金額", "入金金額", "残高"], "utf-8", True, ["D1", "D2"],
            ["rows", "CRLF"])
    shinsei("sbi-shinsei-202412-english-sjis.csv", "the English header (Value Date, Description, Debit, Credit)",
            ["Value Date", "Description", "Debit", "Credit", "Balance"], "cp932", False, ["D1", "D2"],
            ["rows", "the descriptions' language under an English header (Japanese kept; not attested)",
             "quoting like the Japanese file", "CRLF"])
    # the old PowerFlex download: UTF-16, tab-separated, 8 lines before the header, newest first
    fx = Fx("shinsei-powerflex-201812-utf16.csv", "新生銀行 (PowerFlex, before SBI)", "old download: UTF-16, tabs, "
            "8 lines before the header, newest first", ["D2", "D3"], "bank")
    rows = bank_rows(fx, 98_400, [
        ("2018-12-03", 10000, 0, "ATM 出金 セブン銀行", "xfer-out"),
        ("2018-12-10", 6480, 0, "口座振替 トウキヨウガス", "purchase"),
        ("2018-12-25", 0, 241000, "給与 カ)サンプルシヨウジ", "income"),
        ("2018-12-27", 38900, 0, "口座振替 ミツイスミトモカ－ド", "xfer-out"),
    ])
    pre = [["取引履歴"], [], ["口座番号", "4000123"], ["口座種類", "パワーフレックス円普通預金"],
           ["照会期間", "2018/12/01～2018/12/31"], ["照会日時", "2019/01/04 09:12"], [], ["取引明細"]]
    fx.lines = [line(p, sep="\t") for p in pre] + [line(["取引日", "照会番号", "摘要", "お支払金額", "お預り金額", "残高"], sep="\t")]
    for n, (d, o, i, desc, b) in reversed(list(enumerate(rows, start=1))):
        fx.lines.append(line([slash(d), f"0000{n:03d}", desc, blank(o), blank(i), b], sep="\t"))
    fx.write("utf-16")
    fx.expect({"closing balance": rows[-1][4]},
              ["UTF-16 (kakeibo reads UTF-8 and cp932 only)", "tab-separated", "8 lines before the header",
               "newest first", "照会番号 — a number, never the name"],
              ["decode UTF-16 by its byte order mark; split on tabs; the header is found by its names as usual"],
              ["rows", "the words of the 8 preamble lines (only their count is attested)", "照会番号's form", "CRLF"])


# ================================================================ WAON (web history, captured as CSV)

def waon():
    fx = Fx("waon-202411.csv", "WAON (waon.com 利用履歴)", "the monthly history table saved as CSV", ["E1"], "wallet")
    rows = [
        ("2024-11-02", "イオン品川シーサイド店", 3218, "支払", "-", "purchase"),
        ("2024-11-03", "ファミリーマート大崎駅前", 498, "支払", "-", "purchase"),
        ("2024-11-10", "イオン品川シーサイド店", 10000, "オートチャージ", "銀行口座", "xfer-in"),
        ("2024-11-10", "イオン品川シーサイド店", 5000, "チャージ", "クレジットカード", "xfer-in"),
        ("2024-11-15", "まいばすけっと大崎店", 1126, "支払", "-", "purchase"),
        ("2024-11-18", "まいばすけっと大崎店", 320, "支払取消", "-", "refund"),
        ("2024-11-20", "イオン品川シーサイド店", 0, "ポイントダウンロード", "-", "points"),
        ("2024-11-20", "イオン品川シーサイド店", 1504, "チャージ", "ポイント", "points"),
        ("2024-11-24", "ウエルシア品川店", 2765, "支払", "-", "purchase"),
    ]
    fx.lines = [line(["取引年月日", "利用店舗", "利用金額（税込）", "利用区分", "チャージ区分"])]
    for d, shop, a, kubun, charge, kind in rows:
        fx.lines.append(line([slash(d, pad=False), shop, f"{yen(a)}円", kubun, charge]))
        fx.add(kind, d, {"purchase": a, "refund": -a, "xfer-in": -a}.get(kind, 0))
    fx.write("utf-8", newline="\n")
    fx.expect({"支払 total": 3218 + 498 + 1126 + 2765, "支払取消": 320},
              ["no shipped layout", "amounts written '1,489円' (quoted when they have a comma)",
               "the sign is in 利用区分, never in the amount: 支払取消 is a refund, チャージ/オートチャージ money in",
               "ポイントダウンロード 0円 and a チャージ paid with ポイント"],
              ["支払 purchase, 支払取消 refund, チャージ/オートチャージ a transfer from what チャージ区分 names "
               "(銀行口座, クレジットカード), ポイント charges and ポイントダウンロード are points"],
              ["rows", "how the file is made: WAON's site shows an HTML table; the source copies it into a sheet and "
               "saves CSV (UTF-8, LF) — a household's file, not the service's"])


# ================================================================ JAバンク (JAネットバンク): dates without a year

def ja_bank(name, variant, start, rows, invented):
    fx = Fx(name, "JAバンク (JAネットバンク)", variant, ["F1"], "bank")
    out = bank_rows(fx, start, [(d, o, i, desc, k) for d, o, i, kubun, desc, k in rows])
    fx.lines = [line(["番号", "明細区分", "取扱日付", "起算日", "お支払金額", "お預り金額", "取引区分", "残高", "摘要"], "all")]
    for n, ((d, o, i, desc, b), r) in enumerate(zip(out, rows), start=1):
        m, dd = int(d[5:7]), int(d[8:10])
        fx.lines.append(line([f"{n:03d}", "", f"{m}月{dd}日", "", "\\" + yen(o) if o else "",
                              "\\" + yen(i) if i else "", r[3], "\\" + yen(b), desc], "all"))
    fx.write("cp932")
    fx.expect({"closing balance": out[-1][4]},
              ["dates '4月30日' with no year anywhere in the file", "amounts '\\7,000' (0x5C, the yen sign in Shift_JIS)",
               "番号 '001' — a number, never the name"],
              ["the year comes from --year (the file has no period line); a year that makes a date future is refused"],
              invented)


def ja_all():
    ja_bank("ja-bank-2025-04-sjis.csv", "入出金明細, April–May", 41_250, [
        ("2025-04-25", 0, 7000, "振込入金", "ｳｳ", "income"),
        ("2025-04-28", 4600, 0, "出金", "NSS", "purchase"),
        ("2025-04-30", 20000, 0, "出金", "ｶｰﾄﾞ", "xfer-out"),
        ("2025-05-02", 3872, 0, "口座振替", "JAｷﾖｳｻｲ", "purchase"),
        ("2025-05-07", 0, 168000, "振込入金", "ｷﾕｳﾖ", "income"),
    ], ["rows", "取引区分 values other than 振込入金 and 出金", "CRLF"])
    ja_bank("ja-bank-2024-12-to-2025-01-sjis.csv", "入出金明細 across a new year: 12月 then 1月, still no year",
            88_600, [
                ("2024-12-25", 0, 172000, "振込入金", "ｷﾕｳﾖ", "income"),
                ("2024-12-27", 30000, 0, "出金", "ｶｰﾄﾞ", "xfer-out"),
                ("2024-12-30", 5480, 0, "口座振替", "ﾃﾞﾝｷﾘﾖｳｷﾝ", "purchase"),
                ("2025-01-06", 2200, 0, "口座振替", "NHK", "purchase"),
                ("2025-01-10", 18700, 0, "出金", "NSS", "purchase"),
            ], ["rows (the layout is F1's)", "a file spanning the new year is assumed possible (a period chosen "
                "across it); not attested", "CRLF"])


# ================================================================ モバイルSuica (SF利用履歴, captured as CSV)

def mobile_suica():
    fx = Fx("mobile-suica-202410.csv", "モバイルSuica (SF（電子マネー）利用履歴)", "the web history table saved as CSV; "
            "dates 10/28 with no year; newest first", ["G1"], "transit")
    # oldest first: (date, 種別, 場所, 種別2, 場所2, signed change or None, kind)
    rows = [
        ("2024-10-01", "VIEW", "モバイル", "", "", None, "note"),
        ("2024-10-03", "入", "大崎", "出", "品川", -157, "purchase"),
        ("2024-10-03", "物販", "", "", "", -680, "purchase"),
        ("2024-10-05", "ﾊﾞｽ等", "都営Ｂ", "", "", -210, "purchase"),
        ("2024-10-11", "VIEW", "モバイル", "", "", 5000, "xfer-in"),
        ("2024-10-12", "＊入", "地日比谷", "出", "地東銀座", -46, "purchase"),
        ("2024-10-15", "精", "SU梅田", "", "", -190, "purchase"),
        ("2024-10-20", "現金", "", "", "", 500, "xfer-in"),
        ("2024-10-28", "ｵｰﾄ", "都六本木", "", "", 3000, "xfer-in"),
        ("2024-10-28", "入", "六本木", "出", "恵比寿", -220, "purchase"),
        ("2024-10-30", "物販", "", "", "", -480, "purchase"),
    ]
    balance, written = 1000, []
    for d, k1, p1, k2, p2, change, kind in rows:
        balance += change or 0
        fx.add(kind, d, -(change or 0))
        amount = "" if change is None else (f"+{yen(change)}" if change > 0 else f"-{yen(-change)}")
        written.append([f"{d[5:7]}/{d[8:10]}", k1, p1, k2, p2, "\\" + yen(balance), amount])
    fx.lines = [line(["月日", "種別", "利用場所", "種別", "利用場所", "残高", "入金・利用額"])]
    fx.lines += [line(w) for w in reversed(written)]
    fx.write("utf-8", newline="\n", final_newline=False)
    fx.expect({"final balance": balance},
              ["dates '10/28' with no year (the source takes the year from the file's name)",
               "two columns named 種別 and two named 利用場所", "amounts signed '+10,000' / '-220'; balance '\\10,612'",
               "charges (ｵｰﾄ, VIEW, 現金) are money in, fares and 物販 money out",
               "the oldest row has a balance and no amount (the history's start)"],
              ["入/出/＊入/精/ﾊﾞｽ等 fares and 物販 purchases are spending; ｵｰﾄ/VIEW charges are transfers from the "
               "card that paid them; 現金 is a cash charge (or JRE POINT — the history can't tell)",
               "the year: from the file name or --year; newest first, so a January row above December rows is the "
               "next year"],
              ["rows", "how the file is made: mobilesuica.com shows an HTML table the source copies into a sheet and "
               "saves CSV (UTF-8, LF, no final newline) — a household's file, not the service's"])


# ================================================================ SFCard Viewer 2 (Suica / PASMO read with a PaSoRi)

def sfcard(name, card, rows, start, sources, invented):
    fx = Fx(name, f"SFCard Viewer 2 ({card})", f"{card} history saved by SFCard Viewer 2", sources, "transit")
    balance, written = start, []
    for d, rail_in, st_in, rail_out, st_out, amount, memo, kind in rows:
        balance -= amount
        fx.add(kind, d, amount)
        written.append([slash(d), "", rail_in, st_in, "", rail_out, st_out, str(amount), str(balance), memo])
    fx.lines = ["カードID=01234567A8901234,,,,,,,,,",
                line(["利用年月日", "定期", "鉄道会社名", "入場駅/事業者名", "定期", "鉄道会社名", "出場駅/降車場所",
                      "利用額(円)", "残額(円)", "メモ"])]
    fx.lines += [line(w) for w in reversed(written)]
    fx.write("cp932", newline="\n")
    fx.expect({"final balance": balance},
              ["a カードID line before the header", "利用額 positive for a fare, negative for a charge "
               "(-3000 with メモ ｵｰﾄﾁｬｰｼﾞ)", "物販 and ﾊﾞｽ/路面等 in メモ", "a 0-yen 窓出 row", "newest first"],
              ["fares and 物販 are spending; a negative 利用額 is a charge: a transfer from what paid it, never a "
               "refund; 0 yen is set aside", "the same trips read from the card itself (an IC dump) are the same "
               "lines: merge, never count twice"],
              invented)


def sfcard_all():
    sfcard("sfcard-viewer-suica-202411-sjis.csv", "Suica", [
        ("2024-11-02", "JR東", "大崎", "JR東", "渋谷", 178, "", "purchase"),
        ("2024-11-02", "", "", "", "", 480, "物販", "purchase"),
        ("2024-11-05", "JR東", "渋谷", "", "", -3000, "ｵｰﾄﾁｬｰｼﾞ", "xfer-in"),
        ("2024-11-09", "", "", "", "", 220, "ﾊﾞｽ/路面等", "purchase"),
        ("2024-11-12", "東武", "北千住", "東武", "北千住", 0, "窓出", "zero"),
        ("2024-11-16", "メトロ", "六本木一丁目", "メトロ", "後楽園", 195, "", "purchase"),
        ("2024-11-20", "", "", "", "", 79, "物販", "purchase"),
    ], 2000, ["G2"], ["rows", "LF as stored in the source repository (the service may write CRLF)"])
    sfcard("sfcard-viewer-pasmo-202412-sjis.csv", "PASMO", [
        ("2024-12-01", "東急", "自由が丘", "東急", "渋谷", 199, "", "purchase"),
        ("2024-12-01", "", "", "", "", 195, "ﾊﾞｽ/路面等", "purchase"),
        ("2024-12-04", "JR東", "秋葉原", "", "", -3000, "ｵｰﾄﾁｬｰｼﾞ", "xfer-in"),
        ("2024-12-04", "", "", "", "", 1280, "物販", "purchase"),
        ("2024-12-09", "メトロ", "渋谷", "メトロ", "表参道", 180, "", "purchase"),
    ], 1500, ["G2"], ["rows", "LF as stored in the source repository"])


def sfcard_card_b():
    """Card B of Tests/Fixtures/ic-card (IDm 01010F123456789A): the same 11 records as card-b.addr.txt, as SFCard
    Viewer 2 would save them — so a test can import the dump and this file, in either order, and count each once."""
    fx = Fx("sfcard-viewer-card-b-202503-sjis.csv", "SFCard Viewer 2 (Suica)", "the records of Tests/Fixtures/ic-card's "
            "card B (card-b.addr.txt), as SFCard Viewer 2 saves them", ["G2", "Q1"], "transit")
    # oldest first: (date, rail in, station in, rail out, station out, 利用額, 残額, メモ, kind)
    rows = [
        ("2025-03-01", "JR東", "新宿", "", "", None, 1500, "新規", "note"),
        ("2025-03-01", "JR東", "新宿", "", "", -3000, 4500, "ﾁｬｰｼﾞ", "xfer-in"),
        ("2025-03-01", "JR東", "新宿", "JR東", "品川", 210, 4290, "", "purchase"),
        ("2025-03-03", "メトロ", "乃木坂", "メトロ", "代々木上原", 180, 4110, "", "purchase"),
        ("2025-03-03", "", "", "", "", 498, 3612, "物販", "purchase"),
        ("2025-03-05", "東武", "浅草", "東武", "とうきょうスカイツリー", 160, 3452, "", "purchase"),
        ("2025-03-06", "", "", "", "", 220, 3232, "ﾊﾞｽ/路面等", "purchase"),
        ("2025-03-07", "", "", "", "", 160, 3072, "物販", "purchase"),
        ("2025-03-08", "JR東", "渋谷", "", "", -3000, 6072, "ｵｰﾄﾁｬｰｼﾞ", "xfer-in"),
        ("2025-03-10", "名古屋市", "名古屋", "名古屋市", "栄", 210, 5862, "", "purchase"),
        ("2025-03-10", "名鉄", "名鉄名古屋", "名鉄", "金山", 190, 5672, "", "purchase"),
    ]
    fx.lines = ["カードID=01010F123456789A,,,,,,,,,",
                line(["利用年月日", "定期", "鉄道会社名", "入場駅/事業者名", "定期", "鉄道会社名", "出場駅/降車場所",
                      "利用額(円)", "残額(円)", "メモ"])]
    for d, ri, si, ro, so, amount, balance, memo, kind in reversed(rows):
        fx.lines.append(line([slash(d), "", ri, si, "", ro, so, "" if amount is None else str(amount), str(balance), memo]))
    for d, *_, amount, balance, memo, kind in rows:
        fx.add(kind, d, amount or 0)
    fx.write("cp932", newline="\n")
    fx.expect({"final balance": 5672, "the dump's totals (card-b.expected.json totals_dump)": "fares 1170, purchases 658, charges 6000"},
              ["the same card as a dump in Tests/Fixtures/ic-card: カードID is its IDm", "the 新規 row: a balance, no amount",
               "a ticket-machine charge and a gate auto-charge, both negative"],
              ["each record is the dump's record of the same card, day, amount and balance after: importing both (either "
               "order) counts ¥1,828 of spending in 2025-03 once, and the ¥6,000 of charges as transfers once"],
              ["the records are card B's (invented there); the company short names 名古屋市 and 名鉄 (G2 shows JR東, "
               "東武, メトロ only); the メモ of a ticket-machine charge (ﾁｬｰｼﾞ) and of the 新規 row; an empty 利用額 on the "
               "新規 row", "LF as in G2"])


# ================================================================ PayPay in English

def paypay_en():
    fx = Fx("paypay-en-202412.csv", "PayPay (取引履歴, app language English)", "English header and values", ["H1", "H2"],
            "wallet")
    hdr = ["Date & Time", "Amount Outgoing (Yen)", "Amount Incoming (Yen)", "Amount Outgoing Overseas", "Currency",
           "Exchange Rate (Yen)", "Country Paid In", "Transaction Type", "Business Name", "Method", "Payment Option",
           "User", "Transaction ID"]
    rows = [  # newest first, as the app writes
        ("2024-12-28", "18:33:51", 780, None, "Payment", "マクドナルド - 大崎店", "PayPay Point (1yen), Credit VISA 4575 (779yen)", "-", "purchase"),
        ("2024-12-27", "16:43:19", 1290, None, "Payment", "出前館", "Credit VISA 4575", "One-time Payment", "purchase"),
        ("2024-12-20", "09:40:00", 600, None, "Payment", "ファミリーマート - 大崎駅前店", "PayPay Point (14yen), PayPay Balance (586yen)", "-", "purchase"),
        ("2024-12-15", "10:55:52", 5718, None, "Bill Payment", "東京ガス", "PayPay Balance", "-", "purchase"),
        ("2024-12-10", "08:02:11", None, 20000, "Top-Up", "-", "ゆうちょ銀行 *****61", "-", "xfer-in"),
        ("2024-12-08", "22:07:29", None, 46, "Points, Balance Earned", "ガスト", "PayPay Point", "-", "points"),
        ("2024-12-04", "19:29:28", None, 600, "Money Received", "ヤマダ ハナコ", "PayPay Balance", "-", "between"),
        ("2024-12-03", "12:00:00", None, 500, "Refund", "出前館", "Credit VISA 4575", "-", "refund"),
        ("2024-12-01", "12:00:00", 2000, None, "Payment", "ローソン - 大崎西口店", "Credit VISA 4575", "-", "purchase"),
    ]
    fx.lines = [line(hdr)]
    for n, (d, t, out, inn, typ, shop, method, option, kind) in enumerate(rows):
        fx.lines.append(line([f"{slash(d)} {t}", yen(out) if out else "-", yen(inn) if inn else "-", "-", "-", "-",
                              "JP" if typ == "Money Received" else "-", typ, shop, method, option, "-",
                              f"0493102106346142{9249 - n * 7:04d}"]))
        fx.add(kind, d, out if out else -(inn or 0))
    fx.write("utf-8", bom=True)
    fx.expect({"Payment + Bill Payment": 780 + 1290 + 600 + 5718 + 2000, "Refund": 500},
              ["refused today (the Japanese reader looks for 取引日…)", "values in English: Payment, Bill Payment, "
               "Refund, Top-Up, Points, Balance Earned (quoted: it has a comma), Money Received",
               "split payment in one row: \"PayPay Point (1yen), Credit VISA 4575 (779yen)\"", "yen written 'yen', not 円"],
              ["the same items as the Japanese export: Payment/Bill Payment purchases, Refund a refund (not income), "
               "Top-Up a transfer from the bank it names, Points… and Money Received/Sent set aside"],
              ["rows", "Business Name of a Top-Up ('-')", "Country Paid In 'JP' only on Money Received (as H1 shows)",
               "CRLF"])


# ================================================================ Amazon 注文履歴 (アマゾン注文履歴フィルタ)

AMZ_HDR = ["注文日", "注文番号", "商品名", "付帯情報", "価格", "個数", "商品小計", "注文合計", "お届け先", "状態", "請求先",
           "請求額", "クレカ請求日", "クレカ請求額", "クレカ種類", "注文概要URL", "領収書URL", "商品URL"]


def amz(values):
    """Numbers bare, text quoted, as the extension writes."""
    out = []
    for v in values:
        out.append(str(v) if isinstance(v, int) else '"' + str(v).replace('"', '""') + '"')
    return ",".join(out)


def amazon_current():
    fx = Fx("amazon-orders-2024-11.csv", "Amazon.co.jp 注文履歴 (アマゾン注文履歴フィルタ)", "current form (since 2019-11): "
            "order rows (注文全体), item rows, card-charge, shipping, discount and point rows", ["I1", "I2"], "shop")
    oid = "249-1234567-1234567"
    summ = f"https://www.amazon.co.jp/gp/css/summary/edit.html?ie=UTF8&orderID={oid}"
    rec = f"https://www.amazon.co.jp/gp/css/summary/print.html/ref=ppx_yo_dt_b_invoice_o02?ie=UTF8&orderID={oid}"
    card = "Visa（下4けたが4575）"
    L = [AMZ_HDR]
    fx.lines = [amz(AMZ_HDR)]
    # order A: two items, shipping 410, a discount of 410 and 60 points: charged 6,200
    fx.lines.append(amz(["2024/11/3", oid, "（注文全体）", "", "", "", "", 6670, "", "", "カケイボ タロウ", 6200, "", "", card, summ, rec, ""]))
    fx.lines.append(amz(["2024/11/3", oid, "キッチンペーパー 4ロール×6パック", "販売： アマゾンジャパン合同会社  コンディション： 新品",
                         4980, 1, 4980, "", "カケイボ タロウ", "2024年11月5日に発送済み", "カケイボ タロウ", "", "", "", card, summ, rec,
                         "https://www.amazon.co.jp/gp/product/B0EXAMPLE1/ref=ppx_yo_dt_b_asin_title_o00_s00?ie=UTF8&psc=1"]))
    fx.lines.append(amz(["2024/11/3", oid, "単3形アルカリ乾電池 8本パック", "販売： アマゾンジャパン合同会社  コンディション： 新品",
                         640, 2, 1280, "", "カケイボ タロウ", "2024年11月5日に発送済み", "カケイボ タロウ", "", "", "", card, summ, rec,
                         "https://www.amazon.co.jp/gp/product/B0EXAMPLE2/ref=ppx_yo_dt_b_asin_title_o01_s00?ie=UTF8&psc=1"]))
    fx.lines.append(amz(["2024/11/3", oid, "（クレジットカードへの請求）", "", "", "", "", "", "", "", "カケイボ タロウ", "", "2024/11/5", 6200, card, summ, rec, ""]))
    fx.lines.append(amz(["2024/11/3", oid, "（配送料・手数料）", "※（注文全体）注文合計に反映", "", "", 410, "", "", "", "カケイボ タロウ", "", "", "", card, summ, rec, ""]))
    fx.lines.append(amz(["2024/11/3", oid, "（割引）", "※（注文全体）請求額に反映", "", "", "", -410, "", "", "カケイボ タロウ", "", "", "", card, summ, rec, ""]))
    fx.lines.append(amz(["2024/11/3", oid, "（Amazonポイント）", "※（注文全体）請求額に反映", "", "", "", "-60", "", "", "カケイボ タロウ", "", "", "", card, summ, rec, ""]))
    fx.add("purchase", "2024-11-03", 6200)
    for _ in range(6):
        fx.add("note", None)
    # order B: a Kindle book, list price 4,000, 11 points used: charged 3,989 (the older digital form: one row)
    oid2 = "D01-7654321-7654321"
    dsum = f"https://www.amazon.co.jp/gp/digital/your-account/order-summary.html/ref=docs_ya_os_i?ie=UTF8&orderID={oid2}"
    drec = f"https://www.amazon.co.jp/gp/digital/your-account/order-summary.html/ref=ppx_yo_dt_b_dpi_o00?ie=UTF8&orderID={oid2}&print=1"
    fx.lines.append(amz(["2024/11/9", oid2, "家計簿のつけ方入門", "[Kindle 版] 山田 花子  販売: Amazon Services International, Inc.",
                         4000, 1, 4000, 4000, "", "デジタル注文: 2024/11/9", "カケイボ タロウ", 3989, "", 3989, "Visa ****4575", dsum, drec,
                         "https://www.amazon.co.jp/dp/B0EXAMPLE3/ref=docs-os-doi_0"]))
    fx.lines.append(amz(["2024/11/9", oid2, "（Amazon ポイント）", "※カード外支払→請求額に反映", "", "", "", "-11", "", "デジタル注文: 2024/11/9",
                         "カケイボ タロウ", "", "", "", "Visa ****4575", dsum, drec, ""]))
    fx.add("purchase", "2024-11-09", 3989)
    fx.add("note", None)
    # order C: a free Kindle book
    oid3 = "D01-1111111-2222222"
    fx.lines.append(amz(["2024/11/12", oid3, "無料で読める家電の取扱説明", "[Kindle 版] 販売: Amazon Services International, Inc.",
                         0, 1, 0, 0, "", "デジタル注文: 2024/11/12", "カケイボ タロウ", 0, "", "", "", dsum.replace(oid2, oid3),
                         drec.replace(oid2, oid3), "https://www.amazon.co.jp/dp/B0EXAMPLE4/ref=docs-os-doi_0"]))
    fx.add("zero", "2024-11-12")
    # order D: one item, no discounts
    oid4 = "249-7777777-8888888"
    s4, r4 = summ.replace(oid, oid4), rec.replace(oid, oid4)
    fx.lines.append(amz(["2024/11/20", oid4, "（注文全体）", "", "", "", "", 2480, "", "", "カケイボ タロウ", 2480, "", "", card, s4, r4, ""]))
    fx.lines.append(amz(["2024/11/20", oid4, "ハンドソープ 詰め替え 2L", "販売： アマゾンジャパン合同会社  コンディション： 新品",
                         2480, 1, 2480, "", "カケイボ タロウ", "2024年11月21日に発送済み", "カケイボ タロウ", "", "", "", card, s4, r4,
                         "https://www.amazon.co.jp/gp/product/B0EXAMPLE5/ref=ppx_yo_dt_b_asin_title_o00_s00?ie=UTF8&psc=1"]))
    fx.lines.append(amz(["2024/11/20", oid4, "（クレジットカードへの請求）", "", "", "", "", "", "", "", "カケイボ タロウ", "", "2024/11/21", 2480, card, s4, r4, ""]))
    fx.add("purchase", "2024-11-20", 2480)
    fx.add("note", None)
    fx.add("note", None)
    fx.write("utf-8", newline="\n", final_newline=False)
    fx.expect({"請求額 of the orders": 6200 + 3989 + 2480, "価格 column's total (what a naive reader takes)": 4980 + 640 + 4000 + 0 + 2480},
              ["what was charged (請求額 / クレカ請求額) differs from 価格 and 注文合計 (discounts, points, shipping)",
               "an order is several rows: (注文全体), items, (クレジットカードへの請求), (配送料・手数料), (割引), (Amazonポイント)",
               "numbers bare but '-60' and '-11' quoted", "URLs in three columns, order ids like 249-1234567-1234567",
               "the card charge's date (クレカ請求日) is later than the order's"],
              ["one line per order at its 請求額 (or per item, with the order's shipping/discounts/points spread), "
               "named by the item (never the URL or the order number), dated by 注文日; paid by the card クレカ種類 "
               "names, so the card statement's AMAZON.CO.JP line merges with it"],
              ["rows", "the extension's own encoding (the source's files are UTF-8, LF, no final newline — as saved "
               "by the source's author)", "the product names and ASINs"])


def amazon_older():
    fx = Fx("amazon-orders-older-form.csv", "Amazon.co.jp 注文履歴 (アマゾン注文履歴フィルタ)", "older form (before 2019-11): "
            "one row per item carrying the order's totals", ["I1", "I2"], "shop")
    fx.lines = [amz(AMZ_HDR)]
    for d, oid, item, price, sub, total, charged, cdate, kind in [
        ("2024/10/23", "503-1234567-7654321", "スマートスピーカー 第5世代", 4980, 4980, 5390, 5390, "2024/10/23", "purchase"),
        ("2024/10/28", "503-2222222-3333333", "コーヒーフィルター 100枚", 398, 398, 808, 758, "2024/10/29", "purchase"),
    ]:
        fx.lines.append(amz([d, oid, item, "販売： Amazon Japan G.K.  コンディション： 新品", price, 1, sub, total, "ローソン大崎店",
                             f"{d[:4]}年{int(d[5:7])}月{int(d[8:])}日に発送済み", "カケイボ タロウ", charged, cdate, charged,
                             "Visa（下4けたが4575）", f"https://www.amazon.co.jp/gp/css/summary/edit.html?ie=UTF8&orderID={oid}",
                             f"https://www.amazon.co.jp/gp/css/summary/print.html/ref=oh_aui_ajax_dpi?ie=UTF8&orderID={oid}",
                             "https://www.amazon.co.jp/gp/product/B0EXAMPLE6/ref=od_aui_detailpages01?ie=UTF8&psc=1"]))
        fx.add(kind, d.replace("/", "-"), charged)
    fx.write("utf-8", newline="\n", final_newline=False)
    fx.expect({"請求額 total": 5390 + 758},
              ["the item row carries 注文合計 and 請求額 (shipping 410 included, 50 points taken off the second)"],
              ["the amount is 請求額 (what the card was charged), not 価格 or 注文合計"],
              ["rows", "multi-item orders in this form (not attested: both orders have one item)"])


# ================================================================ dカード

def dcard():
    fx = Fx("dcard-202412-sjis.csv", "dカード (docomo)", "ご利用明細 download: a title line, a header line, a member line, "
            "rows, three footer lines", ["J1"], "card")
    rows = [
        ("2024-11-03", "ローソン　大崎駅前店　　　　　　　　　／ｉＤ", 680, "purchase"),
        ("2024-11-06", "ドコモご利用料金", 7942, "purchase"),
        ("2024-11-10", "マツモトキヨシ　五反田店／ｉＤ", 1834, "purchase"),
        ("2024-11-18", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", 2590, "purchase"),
        ("2024-11-21", "ローソン　大崎駅前店　　　　　　　　　／ｉＤ", -680, "refund"),
        ("2024-11-27", "ＥＮＥＯＳ　ＥｎｅＪｅｔ品川ＳＳ", 4210, "purchase"),
    ]
    for d, _, a, k in rows:
        fx.add(k, d, a)
    total = fx.total(*SPEND)
    fx.lines = [line(["ご利用明細", "2024年12月10日お支払分"]),
                line(["ご利用日", "ご利用店名", "ご利用金額", "支払区分", "備考"]),
                line(["カケイボ　タロウ　様", "", "", "", ""])]
    fx.lines += [line([slash(d), shop, a, "1回", ""]) for d, shop, a, _ in rows]
    fx.lines += [line(["", "ショッピングご利用合計", total, "", ""]), line(["", "お支払金額合計", total, "", ""]),
                 line(["", "", "", "", ""])]
    fx.add("note", None)
    fx.add("note", None)
    fx.add("note", None)
    fx.add("note", None)
    fx.write("cp932")
    fx.expect({"お支払金額合計": total},
              ["the member line 'カケイボ　タロウ　様' sits where a date would", "iD purchases end in '／ｉＤ' after padding",
               "three footer lines (totals)"],
              ["the member line names whose the rows below are; the footer totals are not purchases; '／ｉＤ' is cut "
               "from the name (kept in the memo)"],
              ["rows", "WEAKEST FIXTURE: only J1's reader is known (Shift_JIS, skip 1 line, date/name/amount in the "
               "first three columns, a row whose first cell is '… 様', 3 footer lines, 'yyyy/MM/dd', '／ｉＤ'); the "
               "title line's and header's words, the columns after the amount and the footer lines' words are invented"])


# ================================================================ イオン銀行, みずほ, りそな, PayPay銀行, ソニー銀行, auじぶん, 東京スター, 横浜

def simple_bank(name, service, variant, sources, header, fmt_row, rows, start, quote="all", pre=(), invented=(),
                quirks=(), reading=(), newest_first=False, encoding="cp932"):
    fx = Fx(name, service, variant, sources, "bank")
    out = bank_rows(fx, start, rows)
    body = [line(fmt_row(n, d, o, i, desc, b), quote) for n, (d, o, i, desc, b) in enumerate(out, start=1)]
    if newest_first:
        body.reverse()
    fx.lines = [line(p) for p in pre] + [line(header, quote)] + body
    fx.write(encoding)
    fx.expect({"closing balance": out[-1][4]}, ["no shipped layout", *quirks],
              ["money out and money in by their column names", *reading], ["rows", *invented])
    return fx


DEC = [
    ("2024-12-02", 20000, 0, "ATM", "xfer-out"),
    ("2024-12-05", 7312, 0, "デンキ", "purchase"),
    ("2024-12-12", 3980, 0, "デビット", "purchase"),
    ("2024-12-25", 0, 265000, "キュウヨ", "income"),
    ("2024-12-26", 52860, 0, "カード", "xfer-out"),
]


def decs(*descs):
    return [(d, o, i, descs[n], k) for n, (d, o, i, _, k) in enumerate(DEC)]


def banks():
    simple_bank("aeon-bank-202412-sjis.csv", "イオン銀行", "入出金明細", ["K1"],
                ["日付", "お取引内容", "お引出し", "お預入れ", "残高（お借入れはマイナス表示）"],
                lambda n, d, o, i, desc, b: [slash(d), desc, blank(o), blank(i), b],
                decs("ATM ｲｵﾝｷﾞﾝｺｳ", "ｺｳｻﾞﾌﾘｶｴ ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ", "ﾃﾞﾋﾞﾂﾄ ｲｵﾝｽﾀｲﾙ", "ｷﾕｳﾖ ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ", "ｲｵﾝｸﾚｼﾞﾂﾄ"), 203_400,
                invented=["date style yyyy/MM/dd and the descriptions (K1 gives only the header)", "CRLF"],
                quirks=["残高（お借入れはマイナス表示）: a balance column that may be negative"])
    simple_bank("mizuho-bank-202412-dotted-sjis.csv", "みずほ銀行 (みずほダイレクト)", "入出金明細: 9 lines before the "
                "header, dates 2024.12.02, '-' for no amount", ["L1", "L2"],
                ["明細通番", "日付", "お引出金額", "お預入金額", "残高", "お取引内容"],
                lambda n, d, o, i, desc, b: [n, d.replace("-", "."), o or "-", i or "-", b, desc],
                decs("ATM", "ﾃﾞﾝｷ ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ", "ﾃﾞﾋﾞﾂﾄ ﾏﾙｴﾂ", "ｷﾕｳﾖ ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ", "ﾗｸﾃﾝｶ-ﾄﾞｻ-ﾋﾞｽ"), 512_000,
                quote="minimal",
                pre=[["お取引明細"], ["照会日時", "2025年1月6日 9時12分"], ["店番", "123"], ["店名", "大崎支店"],
                     ["科目", "普通預金"], ["口座番号", "1234567"], ["照会期間", "2024年12月1日～2024年12月31日"],
                     ["件数", "5"], []],
                invented=["the words of the 9 lines before the header (their count is L1's skiprows=9)",
                          "the column order and 明細通番 (L2: a second reader's test; L1 names 日付, お預入金額, "
                          "お引出金額, お取引内容 only)", "CRLF"],
                quirks=["dates 2024.12.02", "'-' for an empty amount", "明細通番 — a number, never the name",
                        "header on row 10"])
    simple_bank("mizuho-bank-202412-kanji-date-sjis.csv", "みずほ銀行 (みずほダイレクト)", "the form a third reader knows: "
                "header on the first row, dates 2024年12月02日", ["L3"],
                ["日付", "お取引内容", "お引出金額", "お預入金額", "残高"],
                lambda n, d, o, i, desc, b: [kanji(d, pad=True), desc, blank(o), blank(i), b],
                decs("ATM", "ﾃﾞﾝｷ ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ", "ﾃﾞﾋﾞﾂﾄ ﾏﾙｴﾂ", "ｷﾕｳﾖ ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ", "ﾗｸﾃﾝｶ-ﾄﾞｻ-ﾋﾞｽ"), 512_000,
                quote="minimal", invented=["the column order (L3 lists the names as a mapping)", "CRLF"],
                quirks=["dates 2024年12月02日 (zero-padded)"])
    simple_bank("paypay-bank-202412-sjis.csv", "PayPay銀行 (旧ジャパンネット銀行)", "入出金明細: the date in three columns "
                "(年, 月, 日) and the time in three more", ["M1"],
                ["操作日(年)", "操作日(月)", "操作日(日)", "操作時刻(時)", "操作時刻(分)", "操作時刻(秒)", "取引順番号", "摘要",
                 "お支払金額", "お預り金額", "残高"],
                lambda n, d, o, i, desc, b: [d[:4], d[5:7], d[8:10], "10", f"{n * 7 % 60:02d}", "00", f"{n:07d}", desc,
                                             blank(o), blank(i), b],
                decs("ATM セブン銀行", "口座振替 トウキヨウデンリヨク", "Visaデビット ｾｲﾕｳ", "振込 カ)サンプルシヨウジ", "口座振替 ペイペイカ－ド"),
                143_900,
                invented=["the time values and 取引順番号's width", "whether PayPay銀行 still writes the header of "
                          "ジャパンネット銀行 (M1's rule is of 2020)", "CRLF"],
                quirks=["the date is three columns: a layout's date is one column", "取引順番号 — a number, never the name"])
    simple_bank("sony-bank-202412-sjis.csv", "ソニー銀行", "入出金明細", ["M1"],
                ["お取り引き日", "摘要", "参考情報", "お預け入れ額", "お引き出し額", "差し引き残高"],
                lambda n, d, o, i, desc, b: [slash(d), desc, "", blank(i), blank(o), b],
                decs("ATM", "口座振替 トウキヨウデンリヨク", "Sony Bank WALLET ｾｲﾕｳ", "給与 カ)サンプルシヨウジ", "口座振替 ソニ－カ－ド"),
                331_000, invented=["date style yyyy/MM/dd and an empty 参考情報 (M1 gives only the header)", "CRLF"],
                quirks=["money in before money out (お預け入れ額, お引き出し額)"])
    simple_bank("jibun-bank-202412-sjis.csv", "auじぶん銀行", "入出金明細, newest first", ["M1"],
                ["年月日", "入金", "出金", "お取引内容", "残高"],
                lambda n, d, o, i, desc, b: [slash(d), blank(i), blank(o), desc, b],
                decs("ATM", "口座振替 トウキヨウデンリヨク", "au PAY カード", "給与 カ)サンプルシヨウジ", "口座振替 ａｕ ＰＡＹ カード"),
                97_500, quote="minimal", newest_first=True,
                invented=["date style yyyy/MM/dd (M1 gives only the header and the order)", "CRLF"],
                quirks=["入金 before 出金", "newest first"])
    simple_bank("tokyo-star-bank-202412-sjis.csv", "東京スター銀行", "入出金明細", ["M1"],
                ["日付", "お支払い金額", "お預かり金額", "摘要", "残高", "備考"],
                lambda n, d, o, i, desc, b: [slash(d), blank(o), blank(i), desc, b, ""],
                decs("ATM", "口座振替 トウキヨウデンリヨク", "デビット セイユウ", "給与 カ)サンプルシヨウジ", "口座振替 セゾンカ－ド"),
                221_000, invented=["date style yyyy/MM/dd", "CRLF"])
    simple_bank("yokohama-bank-202412-sjis.csv", "横浜銀行", "入出金明細", ["M1"],
                ["取扱日付", "お支払金額", "お預り金額", "取引区分", "残高", "摘要"],
                lambda n, d, o, i, desc, b: [slash(d), blank(o), blank(i), "振替" if o and "ATM" not in desc else ("入金" if i else "支払"), b, desc],
                decs("ATM", "ﾃﾞﾝｷ ﾄｳｷﾖｳﾃﾞﾝﾘﾖｸ", "ﾊﾏｷﾞﾝﾃﾞﾋﾞﾂﾄ ｿｳﾃﾂﾛ-ｾﾞﾝ", "ｷﾕｳﾖ ｶ)ｻﾝﾌﾟﾙｼﾖｳｼﾞ", "JCBｶ-ﾄﾞ"),
                188_000, invented=["date style and the 取引区分 values", "CRLF"],
                quirks=["the name (摘要) is the last column; 取引区分 is a kind, not a name"])


def resona():
    fx = Fx("resona-debit-202504-sjis.csv", "りそな銀行 (りそなデビット利用明細)", "利用明細 with a ステータス column", ["N1"], "card")
    rows = [
        ("2025-04-02", "ZOOM", 2125, "確定", "purchase"),
        ("2025-04-07", "COFFEE SHOP", 320, "確定", "purchase"),
        ("2025-04-07", "COFFEE SHOP", 320, "確定", "purchase"),
        ("2025-04-12", "AMAZON.CO.JP", 3180, "確定", "purchase"),
        ("2025-04-15", "AMAZON.CO.JP", 3180, "取消", "refund"),
        ("2025-04-21", "UNIQLO", 4990, "確定", "purchase"),
    ]
    fx.lines = [line(["利用日", "利用内容", "金額", "ステータス"], "all")]
    for d, shop, a, status, kind in rows:
        fx.lines.append(line([kanji(d, pad=True), shop, a, status], "all"))
        fx.add(kind, d, -a if kind == "refund" else a)  # the 取消 of 04-15 gives back the 確定 line of 04-12
    fx.write("cp932")
    fx.expect({"確定 total less 取消": fx.total(*SPEND)},
              ["no shipped layout", "dates 2025年04月07日", "two identical lines on one day (both real)",
               "a ステータス column: 取消 with a positive amount"],
              ["a 取消 row gives back the amount of the purchase it cancels (a refund), never a second purchase"],
              ["rows", "the ステータス value 取消 (N1's reader only says the column has a status; 確定 is attested)",
               "whether this is the debit card's history or the account's (N1 names a 普通 account)", "CRLF"])


# ================================================================ cards known from felica2money's rules

def rule_card(name, service, variant, header, fmt_row, rows, invented, quirks, reading, quote="minimal", kind="card",
              sources=("M1",)):
    fx = Fx(name, service, variant, list(sources), kind)
    fx.lines = [line(header, quote)]
    for r in rows:
        fx.lines.append(line(fmt_row(r), quote))
        fx.add(r[-1], r[0], r[2] if r[-1] in SPEND else 0)
    fx.write("cp932")
    fx.expect({"ご利用金額 total": fx.total(*SPEND)}, ["no shipped layout", *quirks], reading, ["rows", *invented, "CRLF"])
    return fx


def cards():
    # 三菱UFJニコス (三菱UFJカード): 11 columns, quoted
    rows = [
        ("2024-11-02", "ＳＥＩＹＵ　大崎店", 3864, 3864, "1回", "purchase"),
        ("2024-11-06", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", 5480, 5480, "1回", "purchase"),
        ("2024-11-15", "ビックカメラ有楽町店", 45800, 15267, "3回", "purchase"),
        ("2024-11-18", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", -1980, -1980, "1回", "refund"),
        ("2024-11-26", "東京ガス", 6820, 6820, "1回", "purchase"),
    ]
    fx = Fx("mufg-nicos-card-202412-sjis.csv", "三菱UFJカード (三菱UFJニコス)", "利用明細, 11 columns", ["M1"], "card")
    fx.lines = [line(["利用日", "利用者", "利用区分", "利用内容", "新規利用額", "今回請求額", "支払回数", "現地通貨額", "通貨略称",
                      "換算レート", "備考"], "all")]
    for d, shop, new, billed, times, kind in rows:
        fx.lines.append(line([slash(d), "本人", "ショッピング", shop, new, billed, times, "", "", "", ""], "all"))
        fx.add(kind, d, new)
    fx.write("cp932")
    fx.expect({"今回請求額 total": sum(r[3] for r in rows), "新規利用額 total": sum(r[2] for r in rows)},
              ["no shipped layout", "新規利用額 (the price) beside 今回請求額 (this bill's part of a 3回 purchase)",
               "an older 三菱東京UFJ-VISA header says 通貨 / 為替相場 where this says 通貨略称 / 換算レート"],
              ["the price is 新規利用額 on the purchase date (like e-NAVI's 利用金額); 今回請求額 is the bill"],
              ["rows", "利用区分's value", "CRLF"])
    rule_card("uc-card-202412-sjis.csv", "UCカード", "利用明細, 14 columns, the date second",
              ["ご利用区分", "ご利用日", "ご利用者区分", "ご利用店", "ポイント対象", "今回回数", "ご利用金額", "今回のお支払い金額",
               "備考１", "備考２", "備考３", "備考４", "備考５", "備考６"],
              lambda r: ["ショッピング", slash(r[0]), "本人", r[1], "○", "1", r[2], r[2], "", "", "", "", "", ""],
              [("2024-11-03", "ライフ大崎ニューシティ店", 4218, "purchase"), ("2024-11-09", "ＪＲ東日本　みどりの窓口", 13870, "purchase"),
               ("2024-11-21", "ライフ大崎ニューシティ店", -380, "refund")],
              ["ご利用区分, ポイント対象 values"], ["six 備考 columns", "the date is not the first column"],
              ["ご利用金額 by its name wherever it is"])
    rule_card("pocket-card-202412-sjis.csv", "ポケットカード (P-one)", "利用明細 with a discount column and an unnamed column",
              ["ご利用日", "ご利用先", "ご利用金額", "割引額", "ご請求金額", "", "お支払区分", "入金", "分割払い・海外利用の内容"],
              lambda r: [slash(r[0]), r[1], r[3], r[3] - r[2], r[2], "", "1回払い", "", ""],
              [("2024-11-04", "イトーヨーカドー大森店", 4158, 4200, "purchase"), ("2024-11-12", "ウエルシア大井町店", 1782, 1800, "purchase"),
               ("2024-11-25", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", 2970, 3000, "purchase")],
              ["the 1% discount's size (P-one's 請求時1%オフ is assumed)"], ["ご利用金額 before the discount, ご請求金額 after",
               "an empty column name between ご請求金額 and お支払区分", "a 入金 column"],
              ["the amount charged is ご請求金額 (after the discount), not ご利用金額"])
    rule_card("jaccs-card-202412-sjis.csv", "ジャックスカード", "利用明細, 11 columns with combined name/foreign fields",
              ["ご利用年月日", "ご利用店名/現地通貨額", "ご利用都市名など/円換算レート", "ご利用者", "支払開始年月", "支払回数", "今回何回目",
               "ご利用金額（円）", "手数料・利息・諸費用（円）", "今回のお支払金額（円）", "お支払後残高（円）"],
              lambda r: [slash(r[0]), r[1], "", "本人", "2024年12月", "1", "1", r[2], 0, r[2], 0],
              [("2024-11-05", "コスモ石油　大井ＳＳ", 6120, "purchase"), ("2024-11-13", "ニトリ　大井町店", 8990, "purchase"),
               ("2024-11-28", "ヤマダデンキ　ＬＡＢＩ品川", 21800, "purchase")],
              ["支払開始年月's style"], ["one column holds the shop or the foreign amount, the next the city or the rate"],
              ["ご利用金額（円）is the price; 今回のお支払金額（円）the bill"])
    rule_card("yahoo-card-2018-sjis.csv", "Yahoo! JAPANカード (now PayPayカード)", "older 利用明細: the name first, the date second",
              ["ご利用内容", "ご利用日", "ご利用者", "ご利用金額", "支払方法", "今回回数", "お支払い総額", "今回お支払金額", "適用"],
              lambda r: [r[1], slash(r[0]), "本人", r[2], "1回払い", "1", r[2], r[2], ""],
              [("2018-09-02", "ＹＡＨＯＯ！ショッピング", 3240, "purchase"), ("2018-09-10", "ロハコ", 2980, "purchase"),
               ("2018-09-22", "ソフトバンク携帯電話料金", 7560, "purchase")],
              ["rows dated 2018 (the layout is older than PayPayカード's)"], ["the name is the first column, the date the second"],
              ["columns by name, never by position"])
    rule_card("pitapa-202412-sjis.csv", "PiTaPa (postpay transit card)", "ご利用明細: entry and exit times, one amount",
              ["ご利用日", "入場時刻", "出場時刻", "ご利用内容", "ご利用額（円）", "備考"],
              lambda r: [slash(r[0]), r[3], r[4], r[1], r[2], ""],
              [("2024-11-05", "阪急 梅田→阪急 十三", 170, "08:12", "08:20", "purchase"),
               ("2024-11-05", "阪急 十三→阪急 梅田", 170, "18:40", "18:49", "purchase"),
               ("2024-11-09", "大阪メトロ 梅田→大阪メトロ なんば", 240, "11:02", "11:15", "purchase"),
               ("2024-11-12", "ショッピング　阪急百貨店", 1650, "", "", "purchase")],
              ["the wording of ご利用内容 (route, shop)"], ["a postpay card: fares are billed like a card's lines", "times beside the date"],
              ["fares and shop uses are spending, billed monthly"], kind="transit", sources=("P1",))


# ================================================================ PayPal (Japanese export)

def paypal():
    fx = Fx("paypal-202412-ja.csv", "PayPal (アクティビティのダウンロード, Japanese)", "41 columns; a card-funded payment is two "
            "rows: the payment and the card's 入金", ["O1"], "wallet")
    hdr = ("日付,時間,タイムゾーン,名前,タイプ,ステータス,通貨,合計,手数料,正味,送信者メールアドレス,受信者メールアドレス,取引ID,配送先住所,"
           "住所ステータス,商品タイトル,商品ID,配送および手数料の額,保険金額,消費税,オプション1: 名前,オプション1: 金額,オプション2: 名前,"
           "オプション2: 金額,リファレンス トランザクションID,請求書番号,カスタム番号,数量,領収書ID,残高,住所1行目,住所2行目/地区/地域,"
           "市区町村,都道府県,郵便番号,国および地域,連絡先の電話番号,件名,備考,国コード,残高への影響").split(",")
    assert len(hdr) == 41
    fx.lines = [",".join(hdr)]
    n = 0
    for d, t, shop, item, amount in [("2024/12/03", "19:35:53", "(株)オライリー・ジャパン", "入門 監視", 3960),
                                     ("2024/12/14", "11:28:25", "Humble Bundle", "Book Bundle", 2480)]:
        n += 1
        pay_id, fund_id = f"0123456789ABCDE{n:02d}", f"1234567890BCDEF{n:02d}"
        r1 = [d, t, "JST", shop, "ウェブペイメント", "完了", "JPY", str(-amount), "0", str(-amount), "kakeibo.user@example.jp",
              "shop@example.jp", pay_id, "", "未確認", item, "", "0", "", "0", "", "", "", "", "", "", "", "1", "", str(-amount),
              "", "", "", "", "", "", "", "Shopping Cart", "", "", "引落し"]
        r2 = [d, t, "JST", "", "クレジットカードによる一般の入金", "完了", "JPY", str(amount), "0", str(amount), "",
              "kakeibo.user@example.jp", fund_id, "", "", item, "", "0", "", "0", "", "", "", "", pay_id, "", "", "1", "", "0",
              "", "", "", "", "", "", "", "Shopping Cart", "", "", "入金"]
        fx.lines += [line(r1), line(r2)]
        fx.add("purchase", d.replace("/", "-"), amount)
        fx.add("xfer-in", d.replace("/", "-"), -amount)
    fx.write("utf-8", newline="\n")
    fx.expect({"payments": 3960 + 2480},
              ["no shipped layout", "41 columns", "each payment is followed by the card's 入金 of the same amount, which "
               "refers to it (リファレンス トランザクションID)", "合計 negative for the payment",
               "残高への影響 引落し / 入金"],
              ["the payment is spending (paid by the card: it merges with the card statement's PAYPAL line); the "
               "card's 入金 is a transfer into PayPal, never income, never a refund"],
              ["rows", "encoding (the source's file is UTF-8 as saved by its author; PayPal's own encoding is not attested)",
               "LF"])


def main():
    for make in (smbc_current, smbc_heisei, smbc_era_change, orico, lifecard, shinsei_all, waon, ja_all, mobile_suica,
                 sfcard_all, sfcard_card_b, paypay_en, amazon_current, amazon_older, dcard, banks, resona, cards, paypal):
        make()
    about = {
        "what": "For each fixture here: what the service shows and what an importer should count. Every fixture is a "
                "reconstruction (invented rows in a layout seen in public material; PROVENANCE.md).",
        "amounts": "Yen. netSpending = purchases less refunds by each line's own date; transfers (card bills, ATM, "
                   "charges into a wallet or IC card) and money between people, points and note rows are not spending.",
        "withdrawalsByMonth": "banks: every withdrawal by month — what an import with no accounts and no transfer "
                              "rules adds as spending today",
        "transferOutTotal / transferInTotal": "money to / from the household's own accounts (card bill, ATM, charge)",
        "setAside": "rows that are no line: note (summary, totals, order rows, member lines, footer tables, "
                    "carried-forward balance), points, zero, between (money between people)",
    }
    out = {"_about": about, **EXPECTED}
    (HERE / "expected.json").write_text(json.dumps(out, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(f"{len(EXPECTED)} fixtures written")


if __name__ == "__main__":
    main()
