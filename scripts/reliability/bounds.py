#!/usr/bin/env python3
"""Bounds suite: what a person writes runs within bounds or is refused at entry, never guessed.

- Patterns: a layout whose `transfers` or `ignore` pattern backtracks without bound in a backtracking matcher
  (`^(a+)+$`, `(x+x+)+y`, `(a|aa)*b`) imports a file of long names (21 to 5,000 characters) within PATTERN_SECONDS,
  with the lines it should set aside set aside; a pattern that needs backtracking (a backreference, lookaround) refuses
  the layout at entry, exit 2, naming the pattern, and nothing is imported.
- Dates: with today in 2026, `add --date 2/29`, `2月29日`, `12/0`, `4/31`, an era's date outside its era (H31.5.1,
  S64.1.8, R1.4.30), `edit ID --date 2/29` and `fixed skip NAME 1899-12 / 3000-01` are each refused with exit 2 and the
  reason (the year asked about named), and the store's bytes are as they were.
- Ids and layouts: `delete ab` with ab111111, mf:ab222222 and rc:ab333333 stored is ambiguous (exit 1, all three
  listed, nothing deleted); an unknown id of 120 KB is quoted back in under 200 bytes; a layout's id repeated within
  one file is two lines (¥1,100), and importing the file again adds nothing; a name read with a leading U+FEFF or in
  NFD is stored without it, in NFC.
- IC cards: a dump of 31,000 fares (1 MB) imports within IC_SECONDS (reading it grew quadratically); a fare after
  which the balance rose (a wrap past ¥65,535) is refused, exit 2, naming the record, never stored as a negative fare.

    scripts/reliability/bounds.py
"""
import json
import time

from common import Failure, Figures, Sandbox, require_binaries, thousands

PATTERN_SECONDS = 5.0
IC_SECONDS = 60.0
IC_BLOCKS = 31000
TODAY = "2026-12-06T09:00:00Z"

LAYOUT = """{"schema": 1, "name": "bounded", "header": {"match": ["日付", "内容", "金額"]},
 "date": {"column": "日付", "format": "yyyy/MM/dd"}, "amount": {"column": "金額"}, "description": ["内容"],
 %s}"""

# (the layout's pattern keys, the names in the file, how many lines it should set aside or pass over)
PATTERNS = [
    ('"transfers": ["^(a+)+$"]', ["a" * 20 + "!", "a" * 21, "a" * 5000 + "!", "振替"], {"transfer": 1}),
    ('"transfers": ["(x+x+)+y"]', ["x" * 30, "x" * 3000, "xxy"], {"transfer": 1}),
    ('"ignore": [{"column": "内容", "matches": "^(a|aa)*b$"}]', ["a" * 40 + "c", "a" * 4000, "aab"], {"ignored": 1}),
]

REFUSED_PATTERNS = [
    ('"transfers": ["(振)\\\\1"]', "a backreference"),
    ('"transfers": ["ATM(?=引出)"]', "lookahead"),
    ('"ignore": [{"column": "内容", "matches": "(?<!振)替"}]', "lookbehind"),
]

# (a command's arguments after the store is set up, what its message must say)
DATES = [
    (["add", "x", "100", "--date", "2/29"], "'2/29' is not a date: 2027-02 has 28 days"),
    (["add", "x", "100", "--date", "2月29日"], "2027-02 has 28 days"),
    (["add", "x", "100", "--date", "12/0"], "2026-12 has 31 days"),
    (["add", "x", "100", "--date", "4/31"], "2027-04 has 30 days"),
    (["add", "x", "100", "--date", "H31.5.1"], "平成 ran from 1989-01-08 to 2019-04-30"),
    (["add", "x", "100", "--date", "S64.1.8"], "昭和 ran from 1926-12-25 to 1989-01-07"),
    (["add", "x", "100", "--date", "R1.4.30"], "令和 began on 2019-05-01"),
    (["edit", "{id}", "--date", "2/29"], "'2/29' is not a date"),
    (["fixed", "skip", "家賃", "1899-12"], "1899-12 is outside 1900-01 to 2999-12"),
    (["fixed", "skip", "家賃", "3000-01"], "3000-01 is outside 1900-01 to 2999-12"),
    (["fixed", "add", "車検", "50000", "--day", "1", "--category", "car", "--from", "3000-01"], "3000-01 is outside"),
    (["budget", "set", "food", "30000", "--from", "1899-12"], "1899-12 is outside"),
]


def csv(names):
    rows = ["日付,内容,金額"] + ["2024/12/%02d,%s,%d" % (1 + i % 28, name, 100 + i) for i, name in enumerate(names)]
    return ("\n".join(rows) + "\n").encode()


def pattern_cases(figures):
    slowest = 0.0
    for keys, names, expected in PATTERNS:
        box = Sandbox("bounds")
        try:
            layout = box.write("layout.json", LAYOUT % keys)
            data = box.write("names.csv", csv(names))
            started = time.monotonic()
            result = box.run(["import", data, "--layout", layout, "--format", "json"], timeout=60)
            seconds = time.monotonic() - started
            slowest = max(slowest, seconds)
            if result.status != 0:
                raise Failure("%s: %s" % (keys, result.describe()))
            if seconds > PATTERN_SECONDS:
                figures.fail("%s over %d names took %.1f s (at most %.1f)" % (keys, len(names), seconds, PATTERN_SECONDS))
            report = result.json()
            skipped = report.get("skipped", {}) if isinstance(report, dict) else {}
            for reason, count in expected.items():
                found = skipped.get(reason, 0) if isinstance(skipped, dict) else 0
                if found != count:
                    figures.fail("%s: %d lines %s, expected %d (%s)" % (keys, found, reason, count, skipped))
            print("bounds: %s over names of up to %d characters: %.2f s" % (keys, max(map(len, names)), seconds), flush=True)
            figures.add("patterns")
        finally:
            box.close()
    figures.add("slowest pattern ms", int(slowest * 1000))
    for keys, uses in REFUSED_PATTERNS:
        box = Sandbox("bounds")
        try:
            layout = box.write("layout.json", LAYOUT % keys)
            data = box.write("names.csv", csv(["振振", "ATM引出"]))
            before = box.snapshot()
            result = box.run(["import", data, "--layout", layout], timeout=60)
            if result.status != 2 or uses not in result.error() or len(result.error().strip().splitlines()) != 1:
                figures.fail("%s was not refused in one line naming %s: %s" % (keys, uses, result.describe()))
            elif box.snapshot() != before:
                figures.fail("%s: refused, but the store changed" % keys)
            else:
                figures.add("patterns refused")
        finally:
            box.close()


def date_cases(figures):
    box = Sandbox("bounds")
    box.env["KAKEIBO_NOW"] = TODAY
    try:
        added = box.run(["add", "うるう日", "500", "--date", "2024-02-29", "--format", "json"])
        if added.status != 0:
            raise Failure(added.describe())
        item = added.json()["id"]
        for args in (["fixed", "add", "家賃", "80000", "--day", "27", "--category", "housing"],):
            if box.run(args).status != 0:
                raise Failure("setting up: kakeibo " + " ".join(args))
        before = box.snapshot()
        for args, message in DATES:
            args = [a.replace("{id}", item) for a in args]
            result = box.run(args)
            if result.status != 2 or message not in result.error():
                figures.fail("%s: expected exit 2 saying %r: %s" % (" ".join(args), message, result.describe()))
                continue
            figures.add("dates refused")
            print("bounds: %s -> exit 2: %s" % (" ".join(args), result.error().strip()), flush=True)
        if box.snapshot() != before:
            figures.fail("a refused date changed the store")
            figures.add("stores changed")
        shown = box.run(["find", "うるう日", "--format", "json"])
        if "2024-02-29" not in shown.text():
            figures.fail("the 2024-02-29 item moved: " + shown.text()[:200])
    finally:
        box.close()


def fare(y, m, d, balance, seq):
    """A fare record's block in hex (a ride between two stations of one line)."""
    b = bytearray(16)
    b[0], b[1], b[3] = 0x16, 0x01, 0x02
    b[4], b[5] = ((y - 2000) << 1) | (m >> 3), ((m & 7) << 5) | d
    b[6], b[7], b[8], b[9] = 0xE3, 0x59, 0xE3, 0x5E
    b[10], b[11] = balance & 0xFF, balance >> 8
    b[13], b[14] = seq >> 8, seq & 0xFF
    return b.hex().upper()


def ic_cases(figures):
    box = Sandbox("bounds")
    try:
        # Newest first, as a card gives them: ¥1 a ride, 100 rides a day from 2024-01-01.
        lines = []
        for seq in range(IC_BLOCKS, 0, -1):
            day = (seq - 1) // 100
            month, mday = 1 + day // 28, 1 + day % 28
            lines.append(fare(2024 + (month - 1) // 12, 1 + (month - 1) % 12, mday, 60000 - seq, seq))
        dump = box.write("card.txt", "\n".join(lines) + "\n")
        started = time.monotonic()
        result = box.run(["import", dump, "--account", "Suica", "--format", "json"], timeout=300)
        seconds = time.monotonic() - started
        figures.add("ic ms", int(seconds * 1000))
        if result.status != 0:
            raise Failure(result.describe())
        if seconds > IC_SECONDS:
            figures.fail("a dump of %d fares took %.1f s (at most %.1f)" % (IC_BLOCKS, seconds, IC_SECONDS))
        print("bounds: a dump of %s fares imported in %.2f s" % (thousands(IC_BLOCKS), seconds), flush=True)
    finally:
        box.close()
    box = Sandbox("bounds")
    try:
        dump = box.write("card.txt", "\n".join([fare(2024, 12, 3, 65000, 3), fare(2024, 12, 2, 800, 2), fare(2024, 12, 1, 1000, 1)]) + "\n")
        before = box.snapshot()
        result = box.run(["import", dump, "--account", "Suica"])
        if result.status != 2 or "record 3" not in result.error() or box.snapshot() != before:
            figures.fail("a fare whose balance rose by ¥64,200 was not refused naming it: " + result.describe())
            listed = box.run(["month", "2024", "12", "--format", "json"]).text()
            if "-64200" in listed:
                figures.add("negative fares")
        else:
            figures.add("rises refused")
            print("bounds: a fare whose balance rose -> exit 2: %s" % result.error().strip(), flush=True)
    finally:
        box.close()


def id_cases(figures):
    box = Sandbox("bounds")
    try:
        items = [{"id": i, "date": "20241201", "name": "品" + i[-1], "price": 100, "category": 0}
                 for i in ("ab111111", "mf:ab222222", "rc:ab333333")]
        imported = box.run(["import", box.write("items.json", json.dumps(items))])
        if imported.status != 0:
            raise Failure(imported.describe())
        before = box.snapshot()
        result = box.run(["delete", "ab"])
        listed = all(i["id"] in result.error() for i in items)
        if result.status != 1 or not listed or box.snapshot() != before:
            figures.fail("delete ab was not refused as ambiguous listing all three: " + result.describe())
        else:
            figures.add("ambiguous refused")
            print("bounds: delete ab -> exit 1: %s" % result.error().strip(), flush=True)
        result = box.run(["delete", "z" * 120_000])
        figures.add("unknown id bytes", len(result.stderr))
        if result.status != 1 or len(result.stderr) >= 200:
            figures.fail("an unknown id of 120 KB: exit %d, %d bytes on stderr" % (result.status, len(result.stderr)))
        layout = box.write("bank.json", '{"schema": 1, "name": "bank", "header": {"match": ["日付", "内容", "金額", "番号"]}, '
                           '"date": {"column": "日付", "format": "yyyy/MM/dd"}, "amount": {"column": "金額"}, '
                           '"description": ["内容"], "id": "番号"}')
        data = box.write("bank.csv", "日付,内容,金額,番号\n2024/11/01,\ufeff書店,600,A1\n2024/11/02,カ\u3099ス代,500,A1\n")
        for attempt in (1, 2):
            result = box.run(["import", "--layout", layout, data])
            if result.status != 0:
                raise Failure(result.describe())
        month = box.run(["month", "2024", "11", "--format", "json"]).json()
        names = sorted(i["name"] for i in month.get("items", []))
        total = sum(i["price"] for i in month.get("items", []))
        figures.add("repeated id yen", total)
        if month.get("count") != 2 or total != 1100:
            figures.fail("a layout's repeated id: %s items, ¥%d (expected 2, ¥1,100)" % (month.get("count"), total))
        if names != ["ガス代", "書店"]:
            figures.fail("names not normalised at entry: %r" % names)
        else:
            figures.add("normalised")
    finally:
        box.close()


def main():
    require_binaries()
    figures = Figures("bounds")
    for case in (pattern_cases, date_cases, id_cases, ic_cases):
        try:
            case(figures)
        except Failure as failure:
            figures.fail(str(failure))
    return figures.finish([
        "%d layouts with a pattern that backtracks without bound imported in at most %.2f s each (at most %.1f); "
        "%d of %d needing backtracking refused at entry" % (
            figures.counts.get("patterns", 0), figures.counts.get("slowest pattern ms", 0) / 1000, PATTERN_SECONDS,
            figures.counts.get("patterns refused", 0), len(REFUSED_PATTERNS)),
        "%d of %d dates and months that don't exist or can't be an item's refused, exit 2, the year named; "
        "stores changed %d" % (figures.counts.get("dates refused", 0), len(DATES), figures.counts.get("stores changed", 0)),
        "delete ab among ab…, mf:ab… and rc:ab… refused as ambiguous %d of 1; a 120 KB unknown id quoted in %d bytes; "
        "a layout's repeated id: ¥%s of ¥1,100; BOM and NFD names normalised %d of 1" % (
            figures.counts.get("ambiguous refused", 0), figures.counts.get("unknown id bytes", 0),
            thousands(figures.counts.get("repeated id yen", 0)), figures.counts.get("normalised", 0)),
        "an IC dump of %s fares imported in %.2f s (at most %.1f); a fare whose balance rose refused %d of 1, "
        "stored negative %d" % (thousands(IC_BLOCKS), figures.counts.get("ic ms", 0) / 1000, IC_SECONDS,
                                figures.counts.get("rises refused", 0), figures.counts.get("negative fares", 0)),
    ])


if __name__ == "__main__":
    raise SystemExit(main())
