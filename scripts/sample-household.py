#!/usr/bin/env python3
"""Writes the sample household's year (Examples/household) in kakeibo's import (wire) format: two members, ayumi
and ken, in a rented flat in Tokyo, in the default (household) categories.

    scripts/sample-household.py --categories categories.json --fixed fixed.json --year 2024 > items.json

`--categories` is `kakeibo categories --format json` (the codes of each key) and `--fixed` is
`kakeibo fixed list --format json` (the fixed costs, whose items this writes under the ids `fixed post` gives
them, so posting again adds nothing). The amounts follow a two-person working household of the national household
survey (家計調査): food about ¥80,000 a month, spending ¥250,000–330,000 with rent, income two salaries and two
bonuses. The same arguments always give the same bytes (the random generator is seeded; nothing reads the clock).
scripts/generate.py, which the benchmarks use, is a different, larger and simpler household.
"""
import argparse
import calendar
import datetime
import json
import random
import sys
import uuid

# Who pays the fixed costs, and how: (member, payment) by the cost's name.
FIXED_PAYERS = {
    "家賃": ("ken", "口座振替"), "インターネット": ("ken", "カード"), "スマホ（あゆみ）": ("ayumi", "カード"),
    "スマホ（けん）": ("ken", "カード"), "生命保険": ("ayumi", "口座振替"), "動画配信": ("ayumi", "カード"),
    "火災保険": ("ken", "口座振替"),
}

# (category, [(name, low, high)], [shops], [payments], trips a month): the everyday purchases, each member's share
# of the trips by MEMBERS below.
EVERYDAY = [
    ("food/grocery", [("食料品", 1200, 5800), ("食料品", 1200, 5800), ("野菜・果物", 500, 1800), ("肉・魚", 800, 3200),
                      ("お米 5kg", 2180, 3200), ("牛乳・卵", 400, 700)],
     ["イオン", "まいばすけっと", "ライフ", "オーケー"], ["カード", "カード", "現金"], 32),
    ("food/drink", [("コーヒー", 150, 480), ("お茶", 98, 160), ("ミネラルウォーター", 68, 128), ("ビール", 220, 280)],
     ["セブン-イレブン", "ファミリーマート", "スターバックス"], ["Suica", "Suica", "現金"], 10),
    ("food/sweets", [("チョコレート", 108, 398), ("アイスクリーム", 120, 398), ("お菓子", 100, 500)],
     ["セブン-イレブン", "ローソン"], ["Suica", "現金"], 5),
    ("food/eating-out", [("ランチ", 850, 1400), ("外食", 2500, 6500), ("ラーメン", 850, 1200), ("テイクアウト", 700, 2200)],
     ["サイゼリヤ", "大戸屋", "一蘭", "近所の定食屋"], ["カード", "現金", "Suica"], 7),
    ("daily/consumables", [("洗剤", 198, 498), ("ティッシュ", 298, 498), ("トイレットペーパー", 398, 698), ("ゴミ袋", 198, 398)],
     ["マツモトキヨシ", "ウエルシア", "イオン"], ["カード", "現金"], 4),
    ("daily/toiletries", [("シャンプー", 398, 1280), ("歯ブラシ", 98, 398), ("ハンドソープ", 198, 398)],
     ["マツモトキヨシ", "ウエルシア"], ["カード", "現金"], 2),
    ("transport/train", [("Suica チャージ", 2000, 3000), ("電車", 160, 640)], ["JR東日本", "東京メトロ"], ["Suica"], 3),
    ("entertainment/media", [("映画", 1900, 2000), ("音楽配信", 980, 980), ("本", 700, 1800)],
     ["TOHOシネマズ", "紀伊國屋書店", "Amazon"], ["カード"], 2),
    ("entertainment/leisure", [("美術館", 1200, 2200), ("カラオケ", 1500, 3500), ("公園・レジャー", 800, 3000)],
     ["上野の森美術館", "ビッグエコー"], ["カード", "現金"], 1),
    ("clothing/clothes", [("シャツ", 1990, 3990), ("靴下", 390, 990), ("パンツ", 2990, 4990)], ["ユニクロ", "GU", "無印良品"], ["カード"], 1),
    ("clothing/haircut", [("美容院", 4500, 7500)], ["近所の美容院"], ["カード", "現金"], 0.5),
    ("medical/medicine", [("風邪薬", 980, 1680), ("目薬", 598, 980)], ["マツモトキヨシ"], ["現金"], 0.6),
    ("medical/clinic", [("内科", 1200, 2600), ("歯科", 1800, 3500)], ["さくらクリニック", "駅前歯科"], ["現金"], 0.5),
    ("social/gifts", [("プレゼント", 2500, 6000), ("手土産", 1200, 3000)], ["髙島屋", "伊勢丹"], ["カード"], 0.6),
    ("social/dining", [("飲み会", 3500, 5500)], ["鳥貴族", "和民"], ["現金", "カード"], 1),
]

# How the everyday trips are shared between the members.
MEMBERS = [("ayumi", 0.55), ("ken", 0.45)]

# The utilities each month, (electricity, gas) in yen before a little noise; water every other month.
UTILITIES = {1: (12800, 7200), 2: (12300, 7400), 3: (10100, 6100), 4: (8200, 4900), 5: (6900, 3900), 6: (7400, 3500),
             7: (10300, 3200), 8: (12900, 3100), 9: (10600, 3300), 10: (7600, 3900), 11: (8300, 5100), 12: (11200, 6600)}

# The year's bigger moments: (month, day, category, name, price, shop, payment, member).
OCCASIONS = [
    (3, 16, "special/appliances", "掃除機", 32800, "ビックカメラ", "カード", "ken"),
    (5, 3, "special/trips", "箱根 旅館", 46200, "じゃらん", "カード", "ayumi"),
    (8, 12, "special/trips", "帰省 新幹線", 58400, "JR東海", "カード", "ken"),
    (10, 19, "social/ceremonies", "結婚式 ご祝儀", 30000, "", "現金", "ayumi"),
    (12, 24, "food/eating-out", "クリスマスディナー", 14800, "ビストロ", "カード", "ken"),
    (12, 28, "daily/consumables", "大掃除用品", 3980, "ホームセンター", "カード", "ayumi"),
]

# Each member's own spending, left out of the split: (category, name, low, high, member, months).
PERSONAL = [
    ("allowance", "お小遣い", 20000, 20000, "ayumi", range(1, 13)),
    ("allowance", "お小遣い", 20000, 20000, "ken", range(1, 13)),
    ("entertainment/media", "ゲームソフト", 5980, 7980, "ken", [2, 7, 11]),
    ("clothing/cosmetics", "化粧品", 2800, 5200, "ayumi", [1, 4, 6, 9, 12]),
]

SALARIES = [("ayumi", 205000), ("ken", 248000)]
BONUSES = [(6, "ayumi", 240000), (6, "ken", 310000), (12, "ayumi", 250000), (12, "ken", 320000)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--categories", required=True, help="kakeibo categories --format json")
    parser.add_argument("--fixed", required=True, help="kakeibo fixed list --format json")
    parser.add_argument("--year", type=int, default=2024)
    parser.add_argument("--seed", type=int, default=20)
    args = parser.parse_args()

    codes = {}
    for category in json.load(open(args.categories, encoding="utf-8"))["categories"]:
        codes[category["key"]] = (category["code"], None)
        for sub in category.get("subcategories", []):
            codes[category["key"] + "/" + sub["key"]] = (category["code"], sub["code"])
    fixed = json.load(open(args.fixed, encoding="utf-8"))["fixed"]
    rng = random.Random(args.seed)
    items = []

    def add(date, name, price, key, member, payment=None, shop=None, personal=False, id=None):
        code, sub = codes[key]
        item = {"id": id or str(uuid.UUID(int=rng.getrandbits(128), version=4)), "date": date.strftime("%Y%m%d"),
                "name": name, "price": price, "category": code, "categorySub": sub}
        for field, value in (("payment", payment), ("shop", shop), ("member", member)):
            if value:
                item[field] = value
        if personal:
            item["personal"] = True
        items.append(item)

    def shop_price(low, high):
        price = int(low + (high - low) * rng.random() ** 1.6)
        return max(1, price - price % 10 + rng.choice([0, 8, 8, 0, 5]))

    for month in range(1, 13):
        days = calendar.monthrange(args.year, month)[1]
        day = lambda d: datetime.date(args.year, month, min(d, days))
        for cost in fixed:
            if cost["month"] is not None and cost["month"] != month:
                continue
            member, payment = FIXED_PAYERS[cost["name"]]
            key = cost["category"] + ("/" + cost["subcategory"] if cost["subcategory"] else "")
            due = day(cost["day"])
            add(due, cost["name"], cost["price"], key, member, payment,
                id="fixed-%s-%04d-%02d" % (cost["id"], args.year, month))
        electricity, gas = UTILITIES[month]
        add(day(15), "電気代", electricity + rng.randrange(-400, 400), "utilities/electricity", "ken", "カード", "東京電力")
        add(day(18), "ガス代", gas + rng.randrange(-300, 300), "utilities/gas", "ken", "カード", "東京ガス")
        if month % 2 == 1:
            add(day(22), "水道代", 7800 + rng.randrange(-300, 300), "utilities/water", "ken", "口座振替", "東京都水道局")
        for member, salary in SALARIES:
            add(day(25), "給与", salary, "income/salary", member, "振込")
        for bonus_month, member, bonus in BONUSES:
            if bonus_month == month:
                add(day(10), "賞与", bonus, "income/bonus", member, "振込")
        for key, names, shops, payments, trips in EVERYDAY:
            count = int(trips) + (1 if rng.random() < trips - int(trips) else 0)
            for _ in range(count):
                name, low, high = rng.choice(names)
                member = rng.choices([m for m, _ in MEMBERS], [w for _, w in MEMBERS])[0]
                add(day(rng.randint(1, days)), name, shop_price(low, high), key, member, rng.choice(payments), rng.choice(shops))
        for when, on, key, name, price, shop, payment, member in OCCASIONS:
            if when == month:
                add(day(on), name, price, key, member, payment, shop or None)
        for key, name, low, high, member, months in PERSONAL:
            if month in months:
                add(day(25 if key == "allowance" else rng.randint(1, days)), name, shop_price(low, high) if low != high else low,
                    key, member, "現金" if key == "allowance" else "カード", personal=True)
        if month == 11:
            add(day(20), "シャツ 返品", -1990, "clothing/clothes", "ayumi", "カード", "ユニクロ")  # a refund

    items.sort(key=lambda item: (item["date"], item["id"]))
    sys.stdout.write("[\n" + ",\n".join(json.dumps(item, ensure_ascii=False, separators=(",", ":")) for item in items) + "\n]\n")


if __name__ == "__main__":
    main()
