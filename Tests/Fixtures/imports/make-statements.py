#!/usr/bin/env python3
"""Writes the statement fixtures: 楽天カード, 三井住友カード Vpass, PayPay and ゆうちょ CSV in the layouts and encodings
each service exports (see docs/statements.md), bad files beside them, and statements-expected.json: each good
file's spending lines and their total, summed here from the rows written (the tests check the importer against it).

Run from anywhere; the files land beside this script. Shift_JIS bytes come from Python's cp932 encoder.
"""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from csvfile import csv_bytes, csv_line  # noqa: E402

here = Path(__file__).resolve().parent
expected = {}


def write(name, rows, encoding, quote_all=False, bom=False, newline="\r\n"):
    (here / name).write_bytes(csv_bytes(rows, encoding, quote_all, bom, newline))


def expect(name, lines, total):
    expected[name] = {"lines": lines, "total": total}


# 楽天カード e-NAVI, December 2024: 本人 and 家族, a refund, an installment, a zero line.
RAKUTEN_HEADER = ["利用日", "利用店名・商品名", "利用者", "支払方法", "利用金額", "支払手数料", "支払総額", "1月支払金額", "2月繰越残高", "新規サイン"]
RAKUTEN = [
    ["2024/12/01", "セブン－イレブン渋谷店", "本人", "1回払い", "498", "0", "498", "498", "0", "*"],
    ["2024/12/03", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ", "本人", "1回払い", "3,280", "0", "3,280", "3,280", "0", ""],
    ["2024/12/05", "ｽｰﾊﾟｰﾏｰｹｯﾄ ﾗｲﾌ", "家族", "1回払い", "2,146", "0", "2146", "2146", "0", ""],
    ["2024/12/05", "ｽｰﾊﾟｰﾏｰｹｯﾄ ﾗｲﾌ", "家族", "1回払い", "2,146", "0", "2146", "2146", "0", ""],
    ["2024/12/10", "楽天モバイル通信料", "本人", "1回払い", "1,078", "0", "1078", "1078", "0", ""],
    ["2024/12/12", "ヤマダデンキ", "本人", "分割3回", "29,800", "1,200", "31,000", "10,334", "20,666", ""],
    ["2024/12/15", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ　返品", "本人", "1回払い", "-1,280", "0", "-1280", "-1280", "0", ""],
    ["2024/12/20", "年会費", "本人", "1回払い", "0", "0", "0", "0", "0", ""],
]
rakuten_total = 498 + 3280 + 2146 + 2146 + 1078 + 29800 - 1280
write("rakuten-2024-12-bom.csv", [RAKUTEN_HEADER] + RAKUTEN, "utf-8", quote_all=True, bom=True)
expect("rakuten-2024-12-bom.csv", 7, rakuten_total)
# The same month as Shift_JIS, unquoted except where a field needs it, with the 支払月 column some exports add.
write(
    "rakuten-2024-12-sjis.csv",
    [RAKUTEN_HEADER + ["支払月"]] + [r + ["2025/01"] for r in RAKUTEN],
    "cp932",
)
expect("rakuten-2024-12-sjis.csv", 7, rakuten_total)

# 三井住友カード Vpass: no header, a block per card (the card, then its iD), totals rows at the end.
VPASS = [
    ["山田　太郎　様", "4980-00**-****-1234", "三井住友カード（ＮＬ）"],
    ["2024/12/02", "ｾﾌﾞﾝ-ｲﾚﾌﾞﾝ", "630", "１回", "", "", ""],
    ["2024/12/04", "ＥＮＥＯＳ　新宿", "5,400", "１回", "", "", ""],
    ["2024/12/09", "ＮＥＴＦＬＩＸ．ＣＯＭ", "1,490", "１回", "", "", ""],
    ["山田　太郎　様", "4980-00**-****-1234", "ｉＤ"],
    ["2024/12/06", "ローソン", "356", "１回", "", "", ""],
    ["2024/12/11", "マクドナルド", "790", "１回", "", "", "返品あり"],
    ["", "", "", "", "", "8,666", ""],
    ["", "", "", "", "", "8,666", ""],
]
write("vpass-2024-12-sjis.csv", VPASS, "cp932")
expect("vpass-2024-12-sjis.csv", 5, 630 + 5400 + 1490 + 356 + 790)
write("vpass-truncated-sjis.csv", VPASS[:4], "cp932")  # cut before its totals

# PayPay 取引履歴: quoted amounts with separators, "-" for none; only 支払い and 返金 count.
PAYPAY_HEADER = [
    "取引日", "出金金額（円）", "入金金額（円）", "海外出金金額", "通貨", "変換レート（円）", "利用国", "取引内容", "取引先", "取引方法",
    "支払い区分", "利用者", "取引番号",
]
PAYPAY = [
    ["2024/12/01 08:12:33", "-", "10,000", "-", "-", "-", "-", "チャージ", "みずほ銀行", "銀行口座", "-", "-", "04639628681234567001"],
    ["2024/12/01 12:40:10", "1,280", "-", "-", "-", "-", "-", "支払い", "松屋 渋谷店", "PayPay残高", "-", "-", "04639628681234567002"],
    ["2024/12/03 19:05:51", "2,460", "-", "-", "-", "-", "-", "支払い", "ウエルシア", "PayPay残高", "-", "-", "04639628681234567003"],
    ["2024/12/04 10:00:00", "-", "460", "-", "-", "-", "-", "返金", "ウエルシア", "PayPay残高", "-", "-", "04639628681234567004"],
    ["2024/12/08 21:30:00", "1,000", "-", "-", "-", "-", "-", "送った金額", "山田 花子", "PayPay残高", "-", "-", "04639628681234567005"],
    ["2024/12/10 07:45:12", "12,800", "-", "-", "-", "-", "-", "支払い", "ユニクロ", "PayPayカード", "-", "-", "04639628681234567006"],
    ["2024/12/15 00:00:00", "-", "38", "-", "-", "-", "-", "ポイント、残高の獲得", "PayPay", "-", "-", "-", "04639628681234567007"],
]
write("paypay-2024-12.csv", [PAYPAY_HEADER] + PAYPAY, "utf-8", quote_all=True, newline="\n")
expect("paypay-2024-12.csv", 4, 1280 + 2460 - 460 + 12800)

# ゆうちょダイレクト: seven account lines, then the header; 取引日 as YYYYMMDD.
YUCHO = [
    ["ファイル作成日", "2025/01/05"],
    ["記号番号", "10180-12345671"],
    ["店名", "〇一八"],
    ["口座種別", "通常貯金"],
    ["照会開始日", "20241201"],
    ["照会終了日", "20241231"],
    ["現在（貸付）高", "245,310"],
    ["取引日", "入出金明細ＩＤ", "受入金額（円）", "払出金額（円）", "詳細１", "詳細２", "現在（貸付）高"],
    ["20241202", "0001", "", "8,800", "自払", "ﾄｳｷﾖｳｶﾞｽ", "291,200"],
    ["20241205", "0002", "250,000", "", "振込", "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ", "541,200"],
    ["20241210", "0003", "", "30,000", "カード", "ＡＴＭ", "511,200"],
    ["20241227", "0004", "", "5,940", "自払", "ｴﾇﾃｲﾃｲﾄﾞｺﾓ", "505,260"],
]
write("yucho-2024-12-sjis.csv", YUCHO, "cp932")
expect("yucho-2024-12-sjis.csv", 3, 8800 + 30000 + 5940)

# Refused whole: a row cut short, a layout kakeibo doesn't know.
text = (csv_line(RAKUTEN_HEADER, True) + "\r\n" + "\r\n".join(csv_line(r, True) for r in RAKUTEN[:3])).encode("utf-8")
(here / "rakuten-truncated.csv").write_bytes(text[: text.rindex(b",") - 5])
write("unknown-statement.csv", [["日付", "摘要", "金額"], ["2024/12/01", "何か", "100"]], "utf-8")

(here / "statements-expected.json").write_text(json.dumps(expected, ensure_ascii=False, indent=2, sort_keys=True) + "\n")
