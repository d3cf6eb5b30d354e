#!/usr/bin/env python3
"""Hostile-input suite: a generated corpus (seeded; the seed is printed) of command lines, import files (the
server's JSON, other apps' CSV and transit IC card dumps), bodies served by the household test server to `pull` (prices up to Int's limits
among them), damaged month files (some priced beyond Int) and month summaries with totals no month file could add up
to (`.summary/*.json`, their fingerprint kept), each run against a copy of a real household's store. For every case:

  - never a crash: no signal, no Swift runtime trap ("Fatal error" on stderr), no hang;
  - the exit status is 0, 1 or 2 (3 only with --check-budget);
  - whenever the exit isn't 0, the store is byte-for-byte as it was;
  - stderr holds no control character but the line feed (whatever the input, messages can't drive the terminal).

    scripts/reliability/hostile.py [--cases N]       (KAKEIBO_SEED=S to replay a run)
"""
import argparse
import base64
import glob
import json
import os
import random
import shutil
import sys

from common import (ROOT, Failure, Figures, HouseholdServer, Sandbox, require_binaries, seed_from_environment, snapshot,
                    snapshot_difference, wire_item)

COMMANDS = ["add", "month", "year", "edit", "delete", "import", "undo", "backups", "check", "recent", "trend",
            "receipt", "fuel", "export", "categories", "budget", "config", "completion", "help", "pull", "push", "sync",
            "tax", "furusato"]
OPTIONS = ["--date", "--category", "--format", "--lang", "--sort", "--desc", "--output", "--check-budget", "--months",
           "--end", "--km", "--km-per-litre", "--yen-per-litre", "--add", "--name", "--price", "--image", "--from",
           "--mapping", "--timeout", "--help", "--version", "--", "-x", "--unknown", "--format=json", "--lang=ja",
           "--date=2024-12-01", "--desc=yes", "--bom", "--reimbursed", "--income", "--onestop", "--receipt", "--tag",
           "--untag", "--no-tags", "--by", "--tag=＃旅行"]
NETWORK = {"pull", "push", "sync"}

EMOJI = ["🍣", "👨‍👩‍👧‍👦", "🇯🇵", "🍺🍺🍺", "🏳️‍🌈", "e\u0301", "\u200b", "\ufeff"]
RTL = ["قهوة", "שלום עולם", "\u202eevil\u202c", "\u2067x\u2069", "مرحبا 123", "\u200fabc"]
CONTROL = ["\x1b[2J", "\x1b]0;title\x07", "a\x07b", "x\ry", "line\nbreak", "\t", "\x7f", "\u0085", "\u2028", "\x1b[31mred"]
NUMBERS = ["0", "-0", "1", "-1", "178", "1,899", "１２３", "99999999999", "9999999999", "-9999999999", "10000000000",
           "9223372036854775807", "9223372036854775808", "-9223372036854775809", "1e309", "NaN", "inf", "0x1F", "1.5",
           "1_000", "¥500", "500円", "+5", "--5", "00000000000000000001", "1" * 400, "-" + "9" * 30, "٣", "0.0000001"]
DATES = ["2024-02-29", "2023-02-29", "2024-02-30", "2024-13-01", "2024-00-10", "0000-01-01", "0001-01-01",
         "9999-12-31", "10000-01-01", "2024-1-1", "2024/12/01", "20241201", "today", "yesterday", "TODAY", "今日",
         "明日", "-1", "this", "prev", "next", "-9999", "+1", "2024-12", "24-12", "1970-01-01", "2024-12-01T00:00"]
CATEGORIES = ["food", "food/drink", "食費/飲料", "FOOD", "food/", "/drink", "food/nonexistent", "none", "total", "all",
              "food//drink", "食費／飲料", "entertainment/traffic", "7", "0/1"]
WORDS = ["", " ", "\u3000", "-", "--", "-5", "table", "json", "csv", "svg", "ledger", "xml", "ja", "en", "fr", "set",
         "get", "unset", "list", "endpoint", "token", "timeout", "bash", "zsh", "fish", "total", "2024", "12", "13",
         "date", "price", "nonexistent.json", "adir", "empty", "valid.json", "valid.csv", "receipt.txt", "../x",
         "/dev/null", "."]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cases", type=int, default=1200)
    options = parser.parse_args()
    require_binaries()
    seed = seed_from_environment()
    rng = random.Random(seed)
    figures = Figures("hostile", seed)
    box = Sandbox("hostile")
    server = HouseholdServer()
    try:
        baseline = build_baseline(box, rng)
        ids = sorted(json_items(box.store))
        kinds = [("command line", 0.55, command_line_case), ("import file", 0.15, import_case),
                 ("app CSV", 0.08, csv_case), ("IC card dump", 0.05, card_case), ("server body", 0.12, server_case),
                 ("month file", 0.10, month_file_case), ("summary file", 0.05, summary_file_case)]
        for kind, share, make in kinds:
            for number in range(int(options.cases * share + 0.999)):
                args, stdin, spoil = make(rng, box, ids, server)
                run_case(box, baseline, kind, args, stdin, spoil, figures)
                if len(figures.failures) >= 20:
                    break
    finally:
        server.close()
        box.close()
    by_kind = ", ".join("%s %d" % (k, figures.counts.get("cases " + k, 0)) for k, _, _ in kinds)
    for k, _, _ in kinds:
        print("hostile: %s: %s" % (k, ", ".join("exit %d: %d" % (e, figures.counts.get("%s exit %d" % (k, e), 0)) for e in range(4))))
    return figures.finish([
        "%d cases (%s): exit 0 %d, exit 1 %d, exit 2 %d, exit 3 %d" % (
            figures.counts.get("cases", 0), by_kind, figures.counts.get("exit 0", 0), figures.counts.get("exit 1", 0),
            figures.counts.get("exit 2", 0), figures.counts.get("exit 3", 0)),
        "no signal, no runtime trap, no hang; the store byte-for-byte unchanged after all %d failed commands; "
        "no control characters on stderr" % (figures.counts.get("exit 1", 0) + figures.counts.get("exit 2", 0) + figures.counts.get("exit 3", 0)),
    ])


# MARK: The store each case starts from


def build_baseline(box, rng):
    """A real household (Examples/household, a year of items) plus a budget and a few backups, saved aside so that
    every case starts from exactly it."""
    os.makedirs(box.store)
    for path in glob.glob(os.path.join(ROOT, "Examples", "household", "*.json")):
        shutil.copy(path, box.store)
    for args in (["add", "コーヒー", "178", "--date", "2024-12-03"], ["add", "お茶", "120", "--date", "2024-11-03"],
                 ["add", "パン", "240", "--date", "2024-10-03"], ["budget", "set", "total", "100000"],
                 ["import", box.write("valid.json", json.dumps([wire_item(rng, "2024-12", i, "base") for i in range(10)], ensure_ascii=False))]):
        result = box.run(args)
        if result.status != 0:
            raise Failure("setting up: " + result.describe())
    box.write("valid.csv", open(os.path.join(ROOT, "Tests", "Fixtures", "imports", "zaim-2024-12.csv"), "rb").read())
    box.write("receipt.txt", open(os.path.join(ROOT, "Examples", "receipts", "supermarket.txt"), "rb").read())
    box.write("empty", b"")
    os.makedirs(os.path.join(box.scratch, "adir"), exist_ok=True)
    saved = os.path.join(box.root, "baseline")
    shutil.copytree(box.store, saved, symlinks=True)
    return saved


def json_items(store):
    items = {}
    for name in os.listdir(store):
        if name.endswith(".json") and len(name) == 12 and name[4] == "-":
            for item in json.load(open(os.path.join(store, name), encoding="utf-8"))["items"]:
                items[item["id"]] = item
    return items


def restore(box, baseline):
    shutil.rmtree(box.store)
    shutil.copytree(baseline, box.store, symlinks=True)
    shutil.rmtree(box.config, ignore_errors=True)


# MARK: Running a case


def run_case(box, baseline, kind, args, stdin, spoil, figures):
    if spoil:
        spoil(box)
    before = snapshot(box.store)
    try:
        result = box.run(args, stdin=stdin, timeout=60)
    except Failure as failure:
        figures.fail("%s: hang: %s" % (kind, failure))
        restore(box, baseline)
        return
    figures.add("cases")
    figures.add("cases " + kind)
    figures.add("exit %d" % result.status)
    problem = None
    allowed = {0, 1, 2} | ({3} if "--check-budget" in args else set())
    stderr = result.error()
    if result.signalled:
        problem = "killed by signal %d" % -result.status
    elif "Fatal error" in stderr or "Segmentation fault" in stderr:
        problem = "runtime trap"
    elif result.status not in allowed:
        problem = "exit status %d" % result.status
    elif any(ord(c) < 32 and c != "\n" or ord(c) == 127 for c in stderr):
        problem = "control character on stderr: %r" % stderr[:200]
    elif for_terminal(args) and any(ord(c) < 32 and c != "\n" or ord(c) == 127 for c in result.text()):
        problem = "control character in a table on stdout: %r" % result.text()[:200]
    elif result.status != 0:
        after = snapshot(box.store)
        if after != before:
            problem = "failed, but changed the store: " + snapshot_difference(before, after)
    figures.add("%s exit %d" % (kind, result.status))
    if problem:
        figures.fail("%s case %r: %s (stderr: %s)" % (kind, [a[:60] for a in args][:12], problem, stderr.strip()[:300]))
    if result.status == 0 or spoil or problem:
        restore(box, baseline)


def for_terminal(args):
    """Whether the command prints for people (a table), not data (JSON, CSV, SVG, a ledger journal, a script)."""
    data = {"json", "csv", "svg", "ledger", "--format=json"}
    return not (set(a.lower() for a in args) & data) and not (args and args[0] in ("completion", "export"))


# MARK: Command lines


def hostile_value(rng, ids):
    pool = rng.choice([EMOJI, RTL, CONTROL, NUMBERS, DATES, CATEGORIES, WORDS, "long", "id", "mixed"])
    if pool == "long":
        return rng.choice(["a", "あ", "🍣", "\u0301"]) * rng.choice([29, 30, 31, 200, 5000, 30000])
    if pool == "id":
        id = rng.choice(ids)
        return rng.choice([id, id[:8], id[:1], id.upper(), id + "x", " " + id])
    if pool == "mixed":
        return "".join(rng.choice(rng.choice([EMOJI, RTL, CONTROL, NUMBERS, WORDS])) for _ in range(rng.randint(2, 5)))
    return rng.choice(pool)


def command_line_case(rng, box, ids, server):
    if rng.random() < 0.5:
        args = template(rng, ids)
    else:
        command = rng.choice(COMMANDS) if rng.random() < 0.92 else hostile_value(rng, ids)
        args = [command]
        for _ in range(rng.randint(0, 6)):
            if rng.random() < 0.5:
                args.append(rng.choice(OPTIONS))
            args.append(hostile_value(rng, ids))
    if rng.random() < 0.1:
        args.insert(rng.randrange(len(args) + 1), rng.choice(["--lang", "--lang=ja", "--format"]))
    # Files are written only inside the sandbox: an --output is made relative (so not /dev/null, say, as root).
    args = [a.lstrip("/") if i > 0 and args[i - 1] == "--output" else a for i, a in enumerate(args)]
    # Nothing may reach beyond 127.0.0.1: the sync commands always get the test server, whatever else they get.
    if args and args[0] in NETWORK:
        args = [a for a in args if not a.startswith("--endpoint")] + ["--endpoint", server.endpoint, "--timeout", "5"]
    stdin = None
    if args and args[0] in ("import", "receipt", "config") and "-" in args:
        stdin = rng.choice([b"", b"[]", "牛乳 ¥238\n合計 ¥238\n".encode(), bytes(rng.getrandbits(8) for _ in range(200))])
    return [a.replace("\0", "") for a in args], stdin, None


def template(rng, ids):
    """A command line shaped as its command expects, with hostile values where values go."""
    v = lambda: hostile_value(rng, ids)
    choices = [
        lambda: ["add", v(), v()] + rng.choice([[], ["--date", v()], ["--category", v()], ["--date", v(), "--category", v(), "--format", v()]]),
        lambda: ["add", v(), rng.choice(NUMBERS), "--date", rng.choice(DATES)],
        lambda: ["add", rng.choice(EMOJI + RTL + CONTROL), "100", "--date", "2024-12-05"],
        lambda: ["edit", rng.choice(ids)[:rng.choice([8, 36])], rng.choice(["--name", "--price", "--date", "--category"]), v()],
        lambda: ["delete", v()],
        lambda: ["month"] + rng.sample([v(), v(), "--category", v(), "--sort", v(), "--desc", "--check-budget", "--format", v()], rng.randint(1, 4)),
        lambda: ["year", v()] + rng.choice([[], ["--format", v()], ["--category", v()]]),
        lambda: ["recent", v()] + rng.choice([[], ["--format", v()]]),
        lambda: ["trend", "--months", v()] + rng.choice([[], ["--end", v()], ["--category", v()]]),
        lambda: ["fuel", "--km", v(), "--km-per-litre", v(), "--yen-per-litre", v()] + rng.choice([[], ["--add", "--name", v()], ["--add", "--date", v()]]),
        lambda: ["receipt", rng.choice(["receipt.txt", "-", v()])] + rng.choice([[], ["--add"], ["--add", "--date", v(), "--category", v()]]),
        lambda: ["budget", rng.choice(["set", "unset", "list", v()]), v(), v()],
        lambda: ["export", v()] + rng.choice([[], ["--format", v()], ["--output", v()]]),
        lambda: ["undo"] + rng.choice([[], [v()], ["1"], ["999999999999999999999"], ["-1"]]),
        lambda: ["backups"] + rng.choice([[], ["--format", v()], [v()]]),
        lambda: ["check"] + rng.choice([[], ["--format", v()], [v()]]),
        lambda: ["config", rng.choice(["set", "get", "unset", "list", "qr", v()]), rng.choice(["endpoint", "token", "timeout", v()]), v()],
        lambda: ["import", rng.choice(["valid.json", "empty", "adir", "/dev/null", "-", v()])] + rng.choice([[], ["--from", v()], ["--from", "zaim", "--mapping", v()]]),
        lambda: ["pull", v(), v()],
        lambda: ["completion", v()],
        lambda: ["help", v()],
    ]
    return rng.choice(choices)()


# MARK: Files and bodies


def mutate(rng, data):
    """A random damage to bytes: flips, cuts, repeats, inserts, or a value of another kind in the JSON."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        how = rng.randrange(8)
        at = rng.randrange(len(data) + 1) if data else 0
        if how == 0 and data:
            data[min(at, len(data) - 1)] ^= 1 << rng.randrange(8)
        elif how == 1:
            del data[at:at + rng.randint(1, 64)]
        elif how == 2:
            data[at:at] = data[at:at + rng.randint(1, 64)] * rng.randint(1, 50)
        elif how == 3:
            data[at:at] = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 16)))
        elif how == 4:
            del data[at:]
        elif how == 5:
            data[at:at] = rng.choice([b'"', b"\\", b"\\u", b"\\ud800", b"\xff", b"\xc3", b"\xe3\x81", b"{", b"[", b"]}",
                                      b",", b":", b"null", b"-", b"1e999", b"\x00", b"\n"])
        elif how == 6:
            data = bytearray(replace_value(rng, bytes(data)))
        else:
            depth = rng.choice([100, 10000, 200000])
            data[at:at] = rng.choice([b"[", b'{"a":']) * depth
    return bytes(data)


def replace_value(rng, data):
    """Swaps one scalar of the JSON for a hostile one."""
    text = data.decode("utf-8", "replace")
    starts = [i for i, c in enumerate(text) if c == ":"]
    if not starts:
        return data
    at = rng.choice(starts) + 1
    end = at
    while end < len(text) and text[end] not in ",}]":
        if text[end] == '"':
            end = text.find('"', end + 1)
            if end < 0:
                return data
        end += 1
    value = rng.choice(['"' + "\\u001b[2J" + '"', "null", "true", "[]", "{}", "9" * 40, "-9223372036854775809", "1.5",
                        "1e400", '"' + "あ" * 200 + '"', '""', '"20241232"', '"2024-12-01"', '"\\ud83c"', "-0", "0",
                        '"' + rng.choice(EMOJI + RTL) + '"', json.dumps(rng.choice(CONTROL))])
    return (text[:at] + value + text[end:]).encode()


def hostile_items(rng, month, prefix, count, ids=()):
    """Items in the wire format whose values are hostile but mostly within the rules: names of emoji, right-to-left
    text, the longest allowed; prices at the limits; some with a control character, a bad date or a known id."""
    items = [wire_item(rng, month, i, prefix) for i in range(count)]
    for item in items:
        roll = rng.random()
        if roll < 0.4:
            item["name"] = rng.choice(["🍣" * 30, "👨‍👩‍👧‍👦", "قهوة", "שלום", "あ" * 30, "e\u0301" * 3, " 牛乳 ", "\u3000パン"])
        elif roll < 0.5:
            item["price"] = rng.choice([9999999999, -9999999999, 1, -1] + HUGE)
        elif roll < 0.55:
            item["name"] = rng.choice(CONTROL + ["a" * 31, "", "   "])
        elif roll < 0.6:
            item["date"] = rng.choice(["20240230", "2024-12-01", "20241301", "00000101", "99991231"])
        elif roll < 0.65 and ids:
            item["id"] = rng.choice(ids)
        elif roll < 0.7:
            item["category"] = rng.choice([7, -1, 999999, 0])
            item["categorySub"] = rng.choice([None, "", 5, "x"])
        elif roll < 0.75:
            item["tags"] = rng.choice([["旅行"], ["＃旅行", "#旅行", "Travel"], "旅行", [5], [""], ["a b"], ["x" * 21], ["t%d" % i for i in range(11)],
                                       [rng.choice(CONTROL)], [rng.choice(EMOJI)], None, [], [["nested"]], {"a": 1}, ["旅行"] * 100000])
    return items


def import_case(rng, box, ids, server):
    items = hostile_items(rng, rng.choice(["2024-12", "2024-11", "2023-01"]), "imp", rng.randint(1, 12), ids)
    data = json.dumps(items, ensure_ascii=rng.random() < 0.5).encode()
    if rng.random() < 0.6:
        data = mutate(rng, data)
    if rng.random() < 0.3:
        return ["import", "-", "--format", rng.choice(["json", "table"])], data, None
    return ["import", box.write("hostile.json", data)], None, None


def csv_case(rng, box, ids, server):
    fixtures = sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "imports", "*.csv")))
    fixture = rng.choice(fixtures)
    source = "zaim" if "zaim" in fixture else "moneyforward"
    data = open(fixture, "rb").read()
    if rng.random() < 0.7:
        data = mutate(rng, data)
    args = ["import", "--from", rng.choice([source] * 4 + ["zaim" if source == "moneyforward" else "moneyforward"]),
            box.write("hostile.csv", data)]
    if rng.random() < 0.8:
        args += ["--category", rng.choice(["food", "food", "entertainment/goods"] + CATEGORIES)]
    return args, None, None


def card_case(rng, box, ids, server):
    """A committed IC card dump (any style), damaged or not, imported as found from the file or with --from felica."""
    fixtures = sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "ic-card", "**", "*.txt"), recursive=True))
    data = open(rng.choice(fixtures), "rb").read()
    if rng.random() < 0.7:
        data = mutate(rng, data)
    args = ["import"] + rng.choice([[], ["--from", "felica"]]) + rng.choice([[], ["--account", rng.choice(["ICOCA", "交通系IC", "x" * 31])]])
    if rng.random() < 0.3:
        return args + ["-", "--format", rng.choice(["json", "table"])], data, None
    return args + [box.write("hostile.txt", data)], None, None


def server_case(rng, box, ids, server):
    items = hostile_items(rng, "2024-12", "srv", rng.randint(0, 8), ids)
    body = json.dumps(items, ensure_ascii=rng.random() < 0.5).encode()
    if rng.random() < 0.6:
        body = mutate(rng, body)
    server.command({"cmd": "fail", "how": "body", "method": "GET", "month": "2024-12", "times": 1,
                    "body64": base64.b64encode(body).decode()})
    return ["pull", "2024", "12", "--endpoint", server.endpoint, "--timeout", "5"] + rng.choice([[], ["--format", "json"]]), None, None


# Amounts that would overflow a sum (or are beyond Int): the prices and totals of the overflow cases.
HUGE = [9223372036854775807, -9223372036854775808, 9223372036854775808, 99999999999999999, 10 ** 18, 10000000000,
        4611686018427387904]


def month_file_case(rng, box, ids, server):
    month = rng.choice(["2024-11", "2024-12"])
    overflow = rng.random() < 0.3

    def spoil(box):
        path = os.path.join(box.store, month + ".json")
        data = open(path, "rb").read()
        if overflow:  # every price huge: a sum of them would overflow, one of them is already beyond the limit
            document = json.loads(data)
            for item in document["items"]:
                item["price"] = rng.choice(HUGE)
            open(path, "w", encoding="utf-8").write(json.dumps(document, ensure_ascii=False))
        else:
            open(path, "wb").write(mutate(rng, data))
    args = rng.choice([["check"], ["check", "--format", "json"], ["month", "2024", month[5:]], ["year", "2024"],
                       ["add", "x", "1", "--date", month + "-02"], ["recent"], ["undo"], ["backups"], ["export", "2024"]])
    return args, None, spoil


def summary_file_case(rng, box, ids, server):
    """A month summary whose totals and counts are huge, negative, or beyond Int, with the fingerprint of its month file
    kept (so only its figures tell it apart): reports over it must neither trap nor show its sums."""
    months = rng.sample(["2024-10", "2024-11", "2024-12"], rng.randint(1, 3))

    def spoil(box):
        for month in months:
            path = os.path.join(box.store, ".summary", month + ".json")
            summary = json.load(open(path))
            for row in summary["sums"]:
                if rng.random() < 0.8:
                    row["total"] = rng.choice(HUGE + [row["total"] * rng.choice([2, 1000, 10 ** 9])])
                if rng.random() < 0.4:
                    row["count"] = rng.choice([1, 2 ** 40, 9223372036854775807, row["count"] * 1000])
            open(path, "w").write(json.dumps(summary))
    args = rng.choice([["year", "2024"], ["year", "2024", "--format", "json"], ["year", "2024", "--format", "svg"],
                       ["trend", "--end", "2024-12", "--months", str(rng.randint(1, 24))], ["trend", "--format", "svg"],
                       ["month", "2024", "12"], ["month", "2024", "11", "--format", "json"], ["check"]])
    return args, None, spoil


if __name__ == "__main__":
    sys.exit(main())
