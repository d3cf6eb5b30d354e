#!/usr/bin/env python3
"""Bounds suite: what a person writes runs within bounds or is refused at entry, never guessed.

- Patterns: a layout whose `transfers` or `ignore` pattern backtracks without bound in a backtracking matcher
  (`^(a+)+$`, `(x+x+)+y`, `(a|aa)*b`) imports a file of long names (21 to 5,000 characters) within PATTERN_SECONDS,
  with the lines it should set aside set aside; a pattern that needs backtracking (a backreference, lookaround) refuses
  the layout at entry, exit 2, naming the pattern, and nothing is imported.
- Dates: with today in 2026, `add --date 2/29`, `2月29日`, `12/0`, `4/31`, an era's date outside its era (H31.5.1,
  S64.1.8, R1.4.30), `edit ID --date 2/29` and `fixed skip NAME 1899-12 / 3000-01` are each refused with exit 2 and the
  reason (the year asked about named), and the store's bytes are as they were.

    scripts/reliability/bounds.py
"""
import os
import time

from common import Failure, Figures, Sandbox, require_binaries

PATTERN_SECONDS = 5.0
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


def main():
    require_binaries()
    figures = Figures("bounds")
    for case in (pattern_cases, date_cases):
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
    ])


if __name__ == "__main__":
    raise SystemExit(main())
