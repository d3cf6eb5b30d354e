#!/usr/bin/env python3
"""Reads every sample dump back with a parser written separately from make_dumps.py and checks it
against the expected files: dates, balances, sequence numbers, in-dump prices, refusals with line numbers.

    python3 check_dumps.py      # prints 'N passed, 0 failed'
"""
import datetime
import json
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
HEX = re.compile(r"^[0-9A-Fa-f]{2}$")


class Refused(Exception):
    def __init__(self, line, why):
        super().__init__(f"line {line}: {why}")
        self.line = line


def parse(path):
    """Returns (idm or None, blocks newest first). Refuses the whole file on the first bad line."""
    idm, blocks, last = None, [], None
    for n, raw in enumerate(open(path, encoding="utf-8"), start=1):
        line = raw.strip()
        if not line:
            continue
        m = re.search(r"\bID(?:m)?\s*[:=]\s*((?:[0-9A-Fa-f]{2} ?){8})", line)
        if m and ("IDm" in line or line.startswith("Type3Tag")):
            idm = m.group(1).replace(" ", "").upper()
            continue
        if line.startswith("#") or not re.match(r"^(\[\d+\]\s*|(?:[0-9A-Fa-f]{4}:){1,2}\s*)?[0-9A-Fa-f]{2}", line) \
                and not line.startswith("*"):
            continue
        if line.startswith("*"):            # nfcpy: the line above repeats up to the next address
            continue
        body = line
        body = re.sub(r"^\[\d+\]\s*", "", body)                 # [3]
        body = re.sub(r"^(?:[0-9A-Fa-f]{4}:){1,2}(?=[0-9A-Fa-f]{2}|\s)", "", body)  # 0000: / 0024:0000: / 090F:0000
        body = body.split("|")[0].strip()                       # nfcpy's ASCII column
        if re.match(r"^[0-9A-Fa-f]{4} ", body):                 # felicalib '090F:0000 16 ...' leftover block no.
            body = body[5:]
        parts = body.split() if " " in body else [body[i:i + 2] for i in range(0, len(body), 2)]
        if any(not HEX.match(p) for p in parts):
            raise Refused(n, "not hex")
        if len(parts) != 16:
            raise Refused(n, f"{len(parts)} bytes")
        b = bytes(int(p, 16) for p in parts)
        if any(b):
            y, mo, d = (b[4] >> 1) + 2000, ((b[4] & 1) << 3) | (b[5] >> 5), b[5] & 0x1F
            try:
                datetime.date(y, mo, d)
            except ValueError:
                raise Refused(n, "not a date")
        blocks.append(b)
        last = b
    return idm, blocks


def records(blocks):
    out = []
    for b in blocks:
        if not any(b):
            continue
        y, mo, d = (b[4] >> 1) + 2000, ((b[4] & 1) << 3) | (b[5] >> 5), b[5] & 0x1F
        out.append({"date": f"{y:04d}-{mo:02d}-{d:02d}", "balance": b[10] | (b[11] << 8),
                    "seq": (b[13] << 8) | b[14], "process": b[1]})
    for i, r in enumerate(out):
        r["price"] = abs(out[i + 1]["balance"] - r["balance"]) if i + 1 < len(out) else None
    return out


def same(got, want):
    for g, w in zip(got, want):
        if (g["date"], g["balance"], g["seq"]) != (w["date"], w["balance"], w["seq"]):
            return False
        if w["priced_from"] == "dump" and g["price"] != w["price"]:
            return False
    return len(got) == len(want)


def main():
    passed = failed = 0

    def check(name, ok):
        nonlocal passed, failed
        print(("ok   " if ok else "FAIL ") + name)
        passed, failed = passed + ok, failed + (not ok)

    exp = lambda f: json.load(open(os.path.join(HERE, f), encoding="utf-8"))
    cases = [("card-a-read1.plain.txt", exp("card-a-read1.expected.json"), None),
             ("card-a-read1.addr.txt", exp("card-a-read1.expected.json"), "0114A1B2C3D4E5F6"),
             ("card-a-read2.index.txt", exp("card-a-read2.expected.json")["alone"], "0114A1B2C3D4E5F6"),
             ("card-a-read2.plain.txt", exp("card-a-read2.expected.json")["alone"], None),
             ("card-a-older.index.txt", exp("card-a-older.expected.json")["after_read1"], "0114A1B2C3D4E5F6"),
             ("card-b.addr.txt", exp("card-b.expected.json"), "01010F123456789A"),
             ("tool-styles/card-b.nfcpy.txt", exp("card-b.expected.json"), "01010F123456789A"),
             ("tool-styles/card-b.libpafe.txt", exp("card-b.expected.json"), "01010F123456789A"),
             ("tool-styles/card-b.felicalib.txt", exp("card-b.expected.json"), "01010F123456789A")]
    for name, want, idm in cases:
        got_idm, blocks = parse(os.path.join(HERE, name))
        check(name + " records", same(records(blocks), want["records"]))
        check(name + " idm", got_idm == idm)
    for name, want in exp("malformed.expected.json").items():
        if not name.endswith(".txt"):
            continue
        try:
            parse(os.path.join(HERE, name))
            check(name + " refused", False)
        except Refused as e:
            check(name + f" refused at line {want['line']}", e.line == want["line"])
    print(f"{passed} passed, {failed} failed")


if __name__ == "__main__":
    main()
