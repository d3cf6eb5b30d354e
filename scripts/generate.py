#!/usr/bin/env python3
"""Writes a deterministic synthetic household: N items over Y years, in kakeibo's import (wire) format and,
optionally, as a ledger journal with the same items, so kakeibo, ledger and hledger can answer the same questions.

    scripts/generate.py --items 36000 --years 10 --end-year 2024 --json household.json --ledger household.journal

The same arguments always give the same bytes (the random generator is seeded; nothing reads the clock).
"""
import argparse
import datetime
import json
import random
import sys
import uuid

# (category key, code, subcategory key or None, sub code or None, weight, names, low price, high price)
CATALOGUE = [
    ("food", 0, "grocery", 0, 34, ["牛乳", "食パン", "卵", "豆腐", "納豆", "キャベツ", "玉ねぎ", "鶏むね肉", "豚こま肉", "鮭の切り身",
                                  "お米 5kg", "バナナ", "りんご", "トマト", "にんじん", "味噌", "醤油", "ヨーグルト", "冷凍うどん", "カレールー"], 88, 2480),
    ("food", 0, "drink", 1, 16, ["コーヒー", "緑茶", "麦茶 2L", "炭酸水", "オレンジジュース", "カフェラテ", "ミネラルウォーター", "紅茶", "豆乳"], 98, 580),
    ("food", 0, "sweets", 2, 10, ["チョコレート", "ポテトチップス", "どら焼き", "アイスクリーム", "プリン", "クッキー", "せんべい", "シュークリーム"], 108, 680),
    ("food", 0, "supplement", 3, 3, ["プロテイン", "ビタミンC", "栄養ドリンク", "青汁"], 198, 3980),
    ("food", 0, None, None, 4, ["外食ランチ", "弁当", "おにぎり", "ラーメン"], 320, 1800),
    ("entertainment", 1, "luxury", 0, 8, ["ビール 6缶", "ワイン", "日本酒", "映画", "雑誌", "文庫本"], 280, 3200),
    ("entertainment", 1, "traffic", 1, 12, ["電車", "バス", "タクシー", "ガソリン", "駐車場", "新幹線"], 160, 4800),
    ("entertainment", 1, "goods", 2, 9, ["洗剤", "ティッシュ", "歯ブラシ", "電池", "文房具", "ゴミ袋", "シャンプー", "キッチンペーパー"], 98, 1980),
    ("entertainment", 1, None, None, 2, ["プレゼント", "美容院", "クリーニング"], 500, 8000),
]


def generate(items, years, end_year, seed):
    rng = random.Random(seed)
    first = datetime.date(end_year - years + 1, 1, 1)
    span = (datetime.date(end_year, 12, 31) - first).days + 1
    weights = [entry[4] for entry in CATALOGUE]
    for n in range(items):
        day = first + datetime.timedelta(days=(n * span) // items)
        entry = rng.choices(CATALOGUE, weights)[0]
        key, code, sub_key, sub_code, _, names, low, high = entry
        name = rng.choice(names)
        # Prices cluster low, like real receipts: a skewed draw rounded to a shop-like ending.
        price = int(low + (high - low) * rng.random() ** 2.2)
        price = max(1, price - price % 10 + rng.choice([0, 8, 8, 0, 5]))
        if rng.random() < 0.005:
            price = -price  # a refund
            name = (name + " 返品")[:30]
        yield {
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "date": day.strftime("%Y%m%d"),
            "name": name,
            "price": price,
            "category": code,
            "categorySub": sub_code,
        }, (key, sub_key, day)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--items", type=int, required=True, help="number of items")
    parser.add_argument("--years", type=int, required=True, help="years of history, ending with --end-year")
    parser.add_argument("--end-year", type=int, default=2024)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--json", help="write kakeibo's import format here (- for stdout)")
    parser.add_argument("--ledger", help="write a ledger/hledger journal of the same items here")
    parser.add_argument("--only-month", help="write only the items of this month (YYYY-MM) of the same household")
    args = parser.parse_args()
    if args.items < 1 or args.years < 1:
        parser.error("--items and --years must be positive")

    out = (sys.stdout if args.json == "-" else open(args.json, "w", encoding="utf-8")) if args.json else None
    journal = open(args.ledger, "w", encoding="utf-8") if args.ledger else None
    only = args.only_month.replace("-", "") if args.only_month else None
    if out:
        out.write("[")
    first = True
    for wire, (key, sub_key, day) in generate(args.items, args.years, args.end_year, args.seed):
        if only and not wire["date"].startswith(only):
            continue
        if out:
            out.write(("\n" if first else ",\n") + json.dumps(wire, ensure_ascii=False, separators=(",", ":")))
        if journal:
            account = "expenses:%s:%s" % (key, sub_key) if sub_key else "expenses:%s" % key
            journal.write("%s %s\n    %s    %d JPY\n    assets:cash\n\n" % (day.isoformat(), wire["name"], account, wire["price"]))
        first = False
    if out:
        out.write("\n]\n")
        if out is not sys.stdout:
            out.close()
    if journal:
        journal.close()


if __name__ == "__main__":
    main()
