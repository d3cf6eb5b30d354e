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

# (category key, code, subcategory key or None, sub code or None, weight, [(name, low price, high price)]):
# each item is priced in its own plausible range (a 新幹線 ticket ~¥14,000, お米 5kg ~¥2,500, a 豆腐 ~¥100).
CATALOGUE = [
    ("food", 0, "grocery", 0, 34, [
        ("牛乳", 198, 268), ("食パン", 128, 298), ("卵", 228, 328), ("豆腐", 58, 148), ("納豆", 88, 128), ("キャベツ", 150, 350),
        ("玉ねぎ", 98, 298), ("鶏むね肉", 300, 600), ("豚こま肉", 350, 800), ("鮭の切り身", 250, 500), ("お米 5kg", 2180, 3200),
        ("バナナ", 98, 248), ("りんご", 128, 398), ("トマト", 150, 398), ("にんじん", 98, 198), ("味噌", 250, 498),
        ("醤油", 198, 398), ("ヨーグルト", 128, 198), ("冷凍うどん", 198, 358), ("カレールー", 158, 298)]),
    ("food", 0, "drink", 1, 16, [
        ("コーヒー", 120, 480), ("緑茶", 98, 160), ("麦茶 2L", 98, 178), ("炭酸水", 78, 128), ("オレンジジュース", 120, 258),
        ("カフェラテ", 150, 520), ("ミネラルウォーター", 68, 128), ("紅茶", 128, 398), ("豆乳", 98, 248)]),
    ("food", 0, "sweets", 2, 10, [
        ("チョコレート", 108, 398), ("ポテトチップス", 98, 168), ("どら焼き", 120, 250), ("アイスクリーム", 120, 398),
        ("プリン", 98, 298), ("クッキー", 198, 598), ("せんべい", 198, 398), ("シュークリーム", 120, 298)]),
    ("food", 0, "supplement", 3, 3, [("プロテイン", 2480, 4980), ("ビタミンC", 398, 1280), ("栄養ドリンク", 148, 298), ("青汁", 980, 3980)]),
    ("food", 0, None, None, 4, [("外食ランチ", 800, 1500), ("弁当", 398, 780), ("おにぎり", 120, 198), ("ラーメン", 780, 1200)]),
    ("entertainment", 1, "luxury", 0, 8, [
        ("ビール 6缶", 1180, 1480), ("ワイン", 980, 3980), ("日本酒", 1280, 3500), ("映画", 1200, 2000), ("雑誌", 480, 1200),
        ("文庫本", 600, 1100)]),
    ("entertainment", 1, "traffic", 1, 12, [
        ("電車", 160, 640), ("バス", 180, 230), ("タクシー", 800, 3500), ("ガソリン", 3000, 6500), ("駐車場", 300, 1500),
        ("新幹線", 12000, 15000)]),
    ("entertainment", 1, "goods", 2, 9, [
        ("洗剤", 198, 498), ("ティッシュ", 298, 498), ("歯ブラシ", 98, 398), ("電池", 198, 698), ("文房具", 100, 880),
        ("ゴミ袋", 198, 398), ("シャンプー", 398, 1280), ("キッチンペーパー", 198, 398)]),
    ("entertainment", 1, None, None, 2, [("プレゼント", 2000, 8000), ("美容院", 3500, 7000), ("クリーニング", 300, 1800)]),
]

def generate(items, years, end_year, seed):
    rng = random.Random(seed)
    first = datetime.date(end_year - years + 1, 1, 1)
    span = (datetime.date(end_year, 12, 31) - first).days + 1
    weights = [entry[4] for entry in CATALOGUE]
    for n in range(items):
        day = first + datetime.timedelta(days=(n * span) // items)
        entry = rng.choices(CATALOGUE, weights)[0]
        key, code, sub_key, sub_code, _, names = entry
        name, low, high = rng.choice(names)
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
