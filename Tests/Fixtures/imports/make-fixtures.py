#!/usr/bin/env python3
"""Writes the import fixtures: realistic exports of MoneyForward ME and Zaim in the encodings they come in.

Run from anywhere; the files land beside this script. The tests read the committed files, so this only documents
(and can repeat) how they were made: Shift_JIS bytes must come from a real encoder, not an editor.
"""
from pathlib import Path

here = Path(__file__).resolve().parent


def csv_line(fields, quote_all):
    out = []
    for field in fields:
        needs = any(c in field for c in ',"\r\n')
        if quote_all or needs:
            out.append('"' + field.replace('"', '""') + '"')
        else:
            out.append(field)
    return ",".join(out)


def write(name, header, rows, encoding, newline, quote_all, bom=False):
    text = newline.join(csv_line(r, quote_all) for r in [header] + rows) + newline
    data = text.encode(encoding)
    if bom:
        data = b"\xef\xbb\xbf" + data
    (here / name).write_bytes(data)


MF_HEADER = ["計算対象", "日付", "内容", "金額（円）", "保有金融機関", "大項目", "中項目", "メモ", "振替", "ID"]

# December 2024 as MoneyForward ME exports it: Shift_JIS (Windows code page 932), CRLF, every field quoted.
write("moneyforward-2024-12-sjis.csv", MF_HEADER, [
    ["1", "2024/12/01", "ローソン 渋谷道玄坂店", "-580", "三井住友カード", "食費", "食料品", "", "0", "mf7Qk2xA01"],
    ["1", "2024/12/02", "スターバックス コーヒー", "-495", "モバイルSuica", "食費", "カフェ", "", "0", "mf7Qk2xA02"],
    ["1", "2024/12/03", "すき家", "-1,200", "現金", "食費", "外食", "3人分, \"割り勘\"", "0", "mf7Qk2xA03"],
    ["1", "2024/12/05", "ミツイスミトモカード", "-32000", "みずほ銀行", "現金・カード", "カード引き落とし", "", "1", "mf7Qk2xA04"],
    ["1", "2024/12/10", "給与 カ）ヤマダショウジ", "250000", "みずほ銀行", "収入", "給与", "", "0", "mf7Qk2xA05"],
    ["0", "2024/12/11", "立替（忘年会）", "-3000", "現金", "交際費", "飲み会", "あとで精算", "0", "mf7Qk2xA06"],
    ["1", "2024/12/12", "マツモトキヨシ 返品", "480", "楽天カード", "日用品", "ドラッグストア", "", "0", "mf7Qk2xA07"],
    ["1", "2024/12/13", "モバイルSuica チャージ", "-3000", "モバイルSuica", "交通費", "電車", "", "0", "mf7Qk2xA08"],
    ["1", "2024/12/14", "髙島屋① 地下～惣菜", "-1296", "三井住友カード", "食費", "食料品", "", "0", "mf7Qk2xA09"],
    ["1", "2024/12/15", "ＡＭＡＺＯＮ．ＣＯ．ＪＰ マーケットプレイス ワイヤレスイヤホン", "-3980", "楽天カード", "趣味・娯楽", "映画・音楽・ゲーム", "", "0", "mf7Qk2xA10"],
    ["1", "2024/12/20", "家賃 12月分", "-85000", "みずほ銀行", "住宅", "家賃・地代", "", "0", "mf7Qk2xA11"],
    ["1", "2024/12/24", "東京電力", "-6234", "楽天カード", "水道・光熱費", "電気代", "", "0", "mf7Qk2xA12"],
    ["1", "2024/12/25", "ポイント相殺", "0", "楽天カード", "日用品", "日用品", "", "0", "mf7Qk2xA13"],
], "cp932", "\r\n", quote_all=True)

# November 2024 saved as UTF-8 with a byte order mark (as Excel does), LF line ends, quoted only where needed.
write("moneyforward-2024-11-bom.csv", MF_HEADER, [
    ["1", "2024/11/02", "セブン-イレブン", "-432", "現金", "食費", "食料品", "", "0", "mfNov0000001"],
    ["1", "2024/11/03", "ドトール\n新宿店", "-320", "現金", "食費", "カフェ", "", "0", "mfNov0000002"],
    ["1", "2024/11/09", "ENEOS", "-4500", "楽天カード", "自動車", "ガソリン", "", "0", "mfNov0000003"],
    ["1", "2024/11/25", "", "-880", "現金", "日用品", "日用品", "内容なし", "0", "mfNov0000004"],
    ["1", "2024/11/25", "賞与", "300000", "みずほ銀行", "収入", "賞与", "", "0", "mfNov0000005"],
], "utf-8", "\n", quote_all=False, bom=True)

ZAIM_HEADER = ["日付", "方法", "カテゴリ", "カテゴリの内訳", "支払元", "入金先", "品目", "メモ", "お店", "通貨", "収入", "支出",
               "振替", "残高調整", "通貨変換前の金額", "集計の設定"]


def zaim(date, method, cat, sub, source, dest, item, memo, shop, income, payment, transfer, balance, setting="常に集計に含める"):
    return [date, method, cat, sub, source, dest, item, memo, shop, "JPY", income, payment, transfer, balance, "0", setting]


# December 2024 from Zaim: UTF-8, LF, "-" for empty fields, every 方法 (payment, income, transfer, balance).
write("zaim-2024-12.csv", ZAIM_HEADER, [
    zaim("2024-12-01", "payment", "食費", "食料品", "財布", "-", "牛乳", "-", "イオン", "0", "238", "0", "0"),
    zaim("2024-12-01", "payment", "食費", "食料品", "財布", "-", "食パン, 6枚切り", "朝食用,\n週末分", "イオン", "0", "158", "0", "0"),
    zaim("2024-12-02", "payment", "食費", "カフェ", "Suica", "-", "カフェラテ", "-", "タリーズ", "0", "420", "0", "0"),
    zaim("2024-12-02", "payment", "食費", "カフェ", "Suica", "-", "カフェラテ", "-", "タリーズ", "0", "420", "0", "0"),
    zaim("2024-12-03", "payment", "交通", "電車", "Suica", "-", "-", "-", "JR東日本", "0", "220", "0", "0"),
    zaim("2024-12-04", "payment", "日用雑貨", "消耗品", "財布", "-", "-", "-", "-", "0", "398", "0", "0"),
    zaim("2024-12-05", "payment", "エンタメ", "書籍", "クレジットカード", "-", "\"ハリー・ポッター\" 文庫", "-", "紀伊國屋書店", "0", "1,034", "0", "0"),
    zaim("2024-12-06", "payment", "大型出費", "家電", "クレジットカード", "-", "冷蔵庫", "ボーナス払い", "ヨドバシカメラ", "0", "128000", "0", "0", "集計に含めない"),
    zaim("2024-12-10", "income", "給与所得", "-", "-", "銀行口座", "-", "-", "-", "250000", "0", "0", "0"),
    zaim("2024-12-11", "transfer", "-", "-", "銀行口座", "財布", "-", "ATM", "-", "0", "0", "20000", "0"),
    zaim("2024-12-12", "balance", "-", "-", "-", "財布", "-", "-", "-", "0", "0", "0", "-52"),
    zaim("2024-12-20", "payment", "住まい", "家賃", "銀行口座", "-", "家賃", "-", "-", "0", "85000", "0", "0"),
], "utf-8", "\n", quote_all=False)

# A household's October 2024 from MoneyForward ME, in its default categories only (no mapping file needed):
# the fixed costs, a clinic, a drinking party, a bonus, and a zero row (a point offset). Shift_JIS, as it exports.
write("moneyforward-2024-10-household.csv", MF_HEADER, [
    ["1", "2024/10/27", "家賃 11月分", "-95000", "みずほ銀行", "住宅", "家賃・地代", "", "0", "mfHh0000001"],
    ["1", "2024/10/15", "東京電力", "-9120", "楽天カード", "水道・光熱費", "電気代", "", "0", "mfHh0000002"],
    ["1", "2024/10/16", "東京ガス", "-4380", "楽天カード", "水道・光熱費", "ガス・灯油代", "", "0", "mfHh0000003"],
    ["1", "2024/10/05", "さくらクリニック", "-1870", "現金", "健康・医療", "医療費", "", "0", "mfHh0000004"],
    ["1", "2024/10/18", "鳥貴族", "-4200", "現金", "交際費", "飲み会", "", "0", "mfHh0000005"],
    ["1", "2024/10/01", "日本生命", "-8300", "みずほ銀行", "保険", "生命保険", "", "0", "mfHh0000006"],
    ["1", "2024/10/20", "ドコモ", "-2970", "楽天カード", "通信費", "携帯電話", "", "0", "mfHh0000007"],
    ["1", "2024/10/31", "住民税", "-18500", "みずほ銀行", "税・社会保障", "所得税・住民税", "", "0", "mfHh0000008"],
    ["1", "2024/10/12", "ヨドバシカメラ", "-39800", "楽天カード", "特別な支出", "家具・家電", "", "0", "mfHh0000009"],
    ["1", "2024/10/13", "ＰＡＹＰＡＹ", "-650", "PayPay", "未分類", "未分類", "", "0", "mfHh0000010"],
    ["1", "2024/10/25", "給与", "312000", "みずほ銀行", "収入", "給与", "", "0", "mfHh0000011"],
    ["1", "2024/10/26", "楽天ポイント 相殺", "0", "楽天カード", "食費", "食料品", "", "0", "mfHh0000012"],
], "cp932", "\r\n", quote_all=True)

# The same month from Zaim, in its default categories: 住まい, 水道・光熱, 税金, 大型出費, an income row in 給与, and a
# payment of ¥0 (a coupon) that is skipped, not an error.
write("zaim-2024-10-household.csv", ZAIM_HEADER, [
    zaim("2024-10-27", "payment", "住まい", "家賃", "銀行口座", "-", "家賃", "-", "-", "0", "95000", "0", "0"),
    zaim("2024-10-15", "payment", "水道・光熱", "電気料金", "クレジットカード", "-", "電気代", "-", "東京電力", "0", "9120", "0", "0"),
    zaim("2024-10-31", "payment", "税金", "住民税", "銀行口座", "-", "住民税", "-", "-", "0", "18500", "0", "0"),
    zaim("2024-10-12", "payment", "大型出費", "家電", "クレジットカード", "-", "電子レンジ", "-", "ビックカメラ", "0", "39800", "0", "0"),
    zaim("2024-10-20", "payment", "通信", "携帯電話料金", "クレジットカード", "-", "携帯", "-", "ahamo", "0", "2970", "0", "0"),
    zaim("2024-10-05", "payment", "医療・保険", "病院代", "財布", "-", "内科", "-", "さくらクリニック", "0", "1870", "0", "0"),
    zaim("2024-10-18", "payment", "交際費", "飲み会", "財布", "-", "同期会", "-", "鳥貴族", "0", "4200", "0", "0"),
    zaim("2024-10-22", "payment", "その他", "お小遣い", "財布", "-", "お小遣い", "-", "-", "0", "20000", "0", "0"),
    zaim("2024-10-23", "payment", "食費", "食料品", "財布", "-", "クーポン", "-", "イオン", "0", "0", "0", "0"),
    zaim("2024-10-25", "income", "給与", "-", "-", "銀行口座", "-", "-", "-", "312000", "0", "0", "0"),
], "utf-8", "\n", quote_all=False)
