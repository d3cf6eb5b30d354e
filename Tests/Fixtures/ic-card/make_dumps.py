#!/usr/bin/env python3
"""Generates sample transit-IC-card history dumps and their expected readings (issue 31).

Every byte here is made up by this script from the 16-byte history-block layout described in
docs/ic-card.md; no card was read. Station names in the expected files come from kakeibo's own station
table (Sources/KakeiboValues/Transit/StationData.swift). Prices are invented round numbers, not real fares.

    python3 make_dumps.py          # (re)writes every *.txt and *.expected.json beside this file

Layout of a block as written here (docs/ic-card.md gives the sources):
  b0 terminal type, b1 process type, b2 payment type (0), b3 gate instruction type,
  b4-b5 date (7 bits year-2000, 4 bits month, 5 bits day, big-endian),
  b6-b9 entry line/station, exit line/station (rail); time + terminal id (purchases);
        operator + stop (bus); station of the machine + 0000 (charges, new issue),
  b10-b11 balance little-endian, b12 0, b13-b14 sequence number big-endian,
  b15 region: entry area << 6 | exit area << 4.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
STATION_DATA = os.path.join(HERE, "..", "..", "..", "Sources", "KakeiboValues", "Transit", "StationData.swift")

# Names as the felicalib wiki lists them (docs/ic-card.md).
TERMINALS = {0x05: "車載端末", 0x07: "券売機", 0x08: "券売機", 0x16: "改札機", 0x1F: "簡易入金機",
             0xC7: "物販端末", 0xC8: "自販機"}
PROCESSES = {0x01: "運賃支払(改札出場)", 0x02: "チャージ", 0x07: "新規 (新規発行)", 0x0F: "バス (IruCa系)",
             0x14: "入A (入場時オートチャージ)", 0x46: "物販"}
KIND_OF_PROCESS = {0x01: "fare", 0x0F: "bus", 0x02: "charge", 0x14: "charge", 0x46: "purchase", 0x07: "balance"}


def load_stations():
    """The rows of kakeibo's station table: `area|line|station|company|line name|station name|source`."""
    table = {}
    with open(STATION_DATA, encoding="utf-8") as f:
        for line in f:
            fields = line.strip().split("|")
            if len(fields) == 7 and fields[0].isdigit():
                a, l, s, company, line_name, name, _source = fields
                table[(int(a), int(l), int(s))] = (company, line_name, name)
    return table


STATIONS = load_stations()


def station_json(area, line, station):
    found = STATIONS.get((area, line, station))
    return {"area": area, "line": line, "station": station, "code": f"{line:03d}-{station:03d}",
            "company": found[0] if found else None, "line_name": found[1] if found else None,
            "name": found[2] if found else None}


# Stations used (area, line, station); decimal codes as in the station table.
JR_KYOTO, JR_TAKATSUKI, JR_SHINOSAKA, JR_OSAKA = (0, 1, 204), (0, 1, 216), (0, 1, 230), (0, 1, 232)
JR_UNKNOWN = (0, 1, 222)                       # no station has this code in the station table
HANKYU_UMEDA, HANKYU_TAKATSUKISHI, HANKYU_KAWARAMACHI = (2, 157, 1), (2, 159, 29), (2, 159, 55)
JR_SHINJUKU, JR_SHINAGAWA, JR_SHIBUYA = (0, 37, 10), (0, 37, 1), (0, 37, 7)
METRO_NOGIZAKA, METRO_YOYOGIUEHARA = (0, 227, 89), (0, 227, 94)
TOBU_ASAKUSA, TOBU_SKYTREE = (0, 157, 1), (0, 157, 2)     # same line/station bytes as 阪急 大阪梅田
NAGOYA_SUBWAY_NAGOYA, NAGOYA_SUBWAY_SAKAE = (1, 129, 58), (1, 129, 66)
MEITETSU_NAGOYA, MEITETSU_KANAYAMA = (1, 165, 120), (1, 165, 116)


def ev(date, kind, amount, **kw):
    """One card event: kind fare|charge|autocharge|purchase|vending|bus|issue; amount in yen, >0."""
    return dict(date=date, kind=kind, amount=amount, **kw)


def encode(e, balance, seq):
    y, m, d = e["date"]
    b = bytearray(16)
    b[4] = ((y - 2000) << 1) | (m >> 3)
    b[5] = ((m & 7) << 5) | d
    kind = e["kind"]
    if kind == "fare":
        (ea, el, es), (xa, xl, xs) = e["entry"], e["exit"]
        b[0], b[1], b[3] = 0x16, 0x01, 0x02
        b[6], b[7], b[8], b[9] = el, es, xl, xs
        b[15] = (ea << 6) | (xa << 4)
    elif kind in ("charge", "autocharge", "issue"):
        a, l, s = e["at"]
        b[0], b[1] = {"charge": (e.get("terminal", 0x08), 0x02), "autocharge": (0x16, 0x14),
                      "issue": (0x07, 0x07)}[kind]
        b[3] = 0x01 if kind == "autocharge" else 0x00
        b[6], b[7] = l, s
        b[15] = a << 6
    elif kind in ("purchase", "vending"):
        h, mi, s = e["time"]
        t = (h << 11) | (mi << 5) | (s // 2)
        b[0], b[1] = (0xC7 if kind == "purchase" else 0xC8), 0x46
        b[6], b[7] = t >> 8, t & 0xFF
        b[8], b[9] = e["terminal_id"] >> 8, e["terminal_id"] & 0xFF
    elif kind == "bus":
        b[0], b[1], b[3] = 0x05, 0x0F, 0x0F
        b[6], b[7] = e["operator"] >> 8, e["operator"] & 0xFF
        b[8], b[9] = e["stop"] >> 8, e["stop"] & 0xFF
    else:
        raise ValueError(kind)
    b[10], b[11] = balance & 0xFF, balance >> 8
    b[13], b[14] = seq >> 8, seq & 0xFF
    return bytes(b)


def build_card(events, first_seq, start_balance, gaps=()):
    """Chronological events -> list of (block bytes, event, balance, seq), oldest first."""
    out, balance, seq = [], start_balance, first_seq
    for i, e in enumerate(events):
        if i in gaps:
            seq += 1  # the card skipped a sequence number here
        if e["kind"] in ("charge", "autocharge"):
            balance += e["amount"]
        elif e["kind"] == "issue":
            balance = e["amount"]
        else:
            balance -= e["amount"]
        assert 0 <= balance <= 20000, (i, balance)
        out.append((encode(e, balance, seq), e, balance, seq))
        seq += 1
    return out


# ---------------------------------------------------------------------------------------------
# Card A: an ICOCA used in Kansai (JR West and Hankyu), 36 records; three overlapping reads.
A_EVENTS = [
    ev((2025, 1, 6), "charge", 5000, at=JR_TAKATSUKI),                                  # r0
    ev((2025, 1, 6), "fare", 420, entry=JR_TAKATSUKI, exit=JR_OSAKA),
    ev((2025, 1, 6), "fare", 420, entry=JR_OSAKA, exit=JR_TAKATSUKI),
    ev((2025, 1, 7), "purchase", 298, time=(7, 58, 20), terminal_id=0x1A2B),
    ev((2025, 1, 7), "fare", 330, entry=HANKYU_TAKATSUKISHI, exit=HANKYU_UMEDA),
    ev((2025, 1, 7), "fare", 330, entry=HANKYU_UMEDA, exit=HANKYU_TAKATSUKISHI),         # r5
    ev((2025, 1, 9), "fare", 440, entry=JR_TAKATSUKI, exit=JR_KYOTO),
    ev((2025, 1, 9), "vending", 160, time=(12, 5, 10), terminal_id=0x0C31),
    ev((2025, 1, 9), "fare", 440, entry=JR_KYOTO, exit=JR_TAKATSUKI),
    ev((2025, 1, 10), "fare", 420, entry=JR_TAKATSUKI, exit=JR_SHINOSAKA),
    ev((2025, 1, 14), "fare", 420, entry=JR_SHINOSAKA, exit=JR_TAKATSUKI),               # r10
    ev((2025, 1, 14), "charge", 3000, at=JR_TAKATSUKI, terminal=0x1F),
    ev((2025, 1, 15), "fare", 420, entry=JR_TAKATSUKI, exit=JR_OSAKA),
    ev((2025, 1, 15), "purchase", 1280, time=(18, 42, 6), terminal_id=0x1A2B),
    ev((2025, 1, 15), "fare", 420, entry=JR_OSAKA, exit=JR_TAKATSUKI),
    ev((2025, 1, 20), "fare", 200, entry=JR_TAKATSUKI, exit=JR_UNKNOWN),                 # r15
    ev((2025, 1, 20), "fare", 200, entry=JR_UNKNOWN, exit=JR_TAKATSUKI),
    ev((2025, 1, 21), "fare", 330, entry=HANKYU_TAKATSUKISHI, exit=HANKYU_KAWARAMACHI),
    ev((2025, 1, 21), "purchase", 540, time=(10, 15, 44), terminal_id=0x2F01),
    ev((2025, 1, 21), "fare", 330, entry=HANKYU_KAWARAMACHI, exit=HANKYU_TAKATSUKISHI),
    ev((2025, 1, 27), "charge", 5000, at=JR_OSAKA),                                     # r20
    ev((2025, 1, 27), "fare", 580, entry=JR_OSAKA, exit=JR_KYOTO),
    ev((2025, 1, 27), "fare", 580, entry=JR_KYOTO, exit=JR_OSAKA),
    ev((2025, 2, 3), "fare", 420, entry=JR_TAKATSUKI, exit=JR_OSAKA),                    # seq skips one here
    ev((2025, 2, 3), "vending", 130, time=(13, 30, 0), terminal_id=0x0C31),
    ev((2025, 2, 3), "fare", 420, entry=JR_OSAKA, exit=JR_TAKATSUKI),                    # r25
    ev((2025, 2, 4), "purchase", 410, time=(8, 5, 50), terminal_id=0x1A2B),
    ev((2025, 2, 4), "fare", 330, entry=HANKYU_TAKATSUKISHI, exit=HANKYU_UMEDA),
    ev((2025, 2, 4), "fare", 330, entry=HANKYU_UMEDA, exit=HANKYU_TAKATSUKISHI),
    ev((2025, 2, 5), "fare", 440, entry=JR_TAKATSUKI, exit=JR_KYOTO),
    ev((2025, 2, 5), "fare", 440, entry=JR_KYOTO, exit=JR_TAKATSUKI),                    # r30
    ev((2025, 2, 10), "charge", 3000, at=JR_TAKATSUKI),
    ev((2025, 2, 10), "fare", 420, entry=JR_TAKATSUKI, exit=JR_SHINOSAKA),
    ev((2025, 2, 10), "purchase", 756, time=(19, 20, 34), terminal_id=0x2F01),
    ev((2025, 2, 10), "fare", 420, entry=JR_SHINOSAKA, exit=JR_TAKATSUKI),
    ev((2025, 2, 14), "fare", 420, entry=JR_TAKATSUKI, exit=JR_OSAKA),                   # r35
]
A_IDM = bytes.fromhex("0114A1B2C3D4E5F6")
A = build_card(A_EVENTS, first_seq=0x0410, start_balance=230, gaps=(23,))

# Card B: a Suica bought new in Tokyo, also used in Nagoya; 11 records, 9 unused (all-zero) blocks.
B_EVENTS = [
    ev((2025, 3, 1), "issue", 1500, at=JR_SHINJUKU),                                    # balance-only
    ev((2025, 3, 1), "charge", 3000, at=JR_SHINJUKU),
    ev((2025, 3, 1), "fare", 210, entry=JR_SHINJUKU, exit=JR_SHINAGAWA),
    ev((2025, 3, 3), "fare", 180, entry=METRO_NOGIZAKA, exit=METRO_YOYOGIUEHARA),
    ev((2025, 3, 3), "purchase", 498, time=(12, 34, 56), terminal_id=0x4410),
    ev((2025, 3, 5), "fare", 160, entry=TOBU_ASAKUSA, exit=TOBU_SKYTREE),
    ev((2025, 3, 6), "bus", 220, operator=0x0A12, stop=0x0034),
    ev((2025, 3, 7), "vending", 160, time=(9, 0, 0), terminal_id=0x0C31),
    ev((2025, 3, 8), "autocharge", 3000, at=JR_SHIBUYA),
    ev((2025, 3, 10), "fare", 210, entry=NAGOYA_SUBWAY_NAGOYA, exit=NAGOYA_SUBWAY_SAKAE),
    ev((2025, 3, 10), "fare", 190, entry=MEITETSU_NAGOYA, exit=MEITETSU_KANAYAMA),
]
B_IDM = bytes.fromhex("01010F123456789A")
B = build_card(B_EVENTS, first_seq=0x0001, start_balance=0)


# ---------------------------------------------------------------------------------------------
# Renderers: each takes blocks newest first and returns the file's lines.

def hexplain(b, lower=False):
    s = b.hex().upper()
    return s.lower() if lower else s


def hexspaced(b, lower=False):
    s = " ".join(f"{x:02X}" for x in b)
    return s.lower() if lower else s


def render_plain(blocks, lower=False, header=None):
    return ([header] if header else []) + [hexplain(b, lower) for b in blocks]


def render_addr(blocks, header=None, lower=False):
    """'0000: 16 01 ...' - a 4-digit hexadecimal block address, as nfcpy prints it."""
    return ([header] if header else []) + [f"{i:04X}: {hexspaced(b, lower)}" for i, b in enumerate(blocks)]


def render_index(blocks, header=None, lower=True):
    """'[3] 16 01 ...' - a decimal index in brackets."""
    return ([header] if header else []) + [f"[{i}] {hexspaced(b, lower)}" for i, b in enumerate(blocks)]


def render_nfcpy(blocks, idm):
    """Illustration of nfcpy's FelicaStandard.dump(): 4-digit hex address, lower-case spaced bytes,
    an ASCII column, and runs of equal blocks folded into a '*' line."""
    def chars(b):
        return "".join(chr(x) if 32 <= x <= 126 else "." for x in b)
    lines = [f"Type3Tag 'FeliCa Standard (RC-S962)' ID={idm.hex().upper()} PMM=100B4B428485D0FF SYS=0003",
             "System 0003 (Suica)", "Area 0000--FFFE", "  Area 0800--0FFF",
             "    Cyclic Service 36: write with key & read w/o key (0x090C 0x090F)"]
    indent = "     "
    last, same = None, 0
    for i, b in enumerate(blocks):
        if b == last:
            same += 1
            continue
        if same > 1:  # as nfcpy: a run's end index is printed only at the very end, and a single
            lines.append(indent + f"{'*':<4s}  {hexspaced(last, True)} |{chars(last)}|")  # repeat vanishes
        lines.append(indent + f"{i:04X}: {hexspaced(b, True)} |{chars(b)}|")
        last, same = b, 0
    if same > 1:
        lines.append(indent + f"{'*':<4s}  {hexspaced(last, True)} |{chars(last)}|")
    if same > 0:
        lines.append(indent + f"{len(blocks) - 1:04X}: {hexspaced(last, True)} |{chars(last)}|")
    return lines


def render_libpafe(blocks, idm):
    """Illustration of libpafe's tests/felica_dump.c: service number (0x090F >> 6 = 0x24), block number,
    32 upper-case hex digits."""
    lines = ["# lpdump : Mon Mar 10 21:05:00 2025", "# --- IDm info (FeliCa) ---",
             "# FELICA SYSTEM_CODE = 0003", f"# card IDm = {idm.hex().upper()}", "# card PMm = 100B4B428485D0FF",
             "# 0024:000f Cyclic Access Read only   "]
    lines += [f"  0024:{i:04X}:{hexplain(b)}" for i, b in enumerate(blocks)]
    return lines


def render_felicalib(blocks, idm):
    """Illustration of felicalib's src/dump/dump.c: '090F:0000 16 01 ... ' with a trailing space."""
    lines = ["# IDm: " + "".join(f"{x:02X} " for x in idm), "# PMm: 10 0B 4B 42 84 85 D0 FF ", "",
             "# System code: 0003", "# Serivce code = 090F : Cyclic Access Read only"]
    lines += [f"090F:{i:04X} " + "".join(f"{x:02X} " for x in b) for i, b in enumerate(blocks)]
    return lines


# ---------------------------------------------------------------------------------------------
# Expected readings.

def decode_time(b):
    t = (b[6] << 8) | b[7]
    return f"{t >> 11:02d}:{(t >> 5) & 0x3F:02d}:{(t & 0x1F) * 2:02d}"


def record_json(block_index, rec, price, priced_from):
    b, e, balance, seq = rec
    y, m, d = e["date"]
    kind = KIND_OF_PROCESS[b[1]]
    r = {"block": block_index, "seq": seq, "date": f"{y:04d}-{m:02d}-{d:02d}", "kind": kind,
         "terminal": {"code": b[0], "name": TERMINALS[b[0]]}, "process": {"code": b[1], "name": PROCESSES[b[1]]},
         "balance": balance, "price": price, "priced_from": priced_from}
    if kind == "fare":
        r["entry"], r["exit"] = station_json(*e["entry"]), station_json(*e["exit"])
    elif kind in ("charge", "balance"):
        r["at"] = station_json(*e["at"])
    elif kind == "purchase":
        r["time"] = decode_time(b)
        r["terminal_id"] = f"{b[8]:02X}{b[9]:02X}"
    elif kind == "bus":
        r["operator"] = f"{b[6]:02X}{b[7]:02X}"
        r["stop"] = f"{b[8]:02X}{b[9]:02X}"
    r["counted_as"] = {"fare": "fare", "bus": "fare", "purchase": "purchase", "charge": "charge",
                       "balance": None}[kind]
    if kind == "balance":
        r["price"] = None
        r["priced_from"] = None
        r["note"] = "balance-only (新規): skipped, said so; its balance prices the next record"
    return r


def price_records(window, store_seqs, card):
    """window: records newest first as in the dump. store_seqs: sequence numbers already imported,
    with their records (for pricing the oldest record of the window). Returns expected records."""
    by_seq = {r[3]: r for r in card}
    out = []
    for i, rec in enumerate(window):
        b, e, balance, seq = rec
        older = window[i + 1] if i + 1 < len(window) else None
        priced_from = None
        if older is not None:
            price, priced_from = abs(older[2] - balance), "dump"
        else:
            # The record just before this one on the card, if the store holds it.
            pos = card.index(rec)
            prev = card[pos - 1] if pos > 0 else None
            if prev is not None and prev[3] in store_seqs:
                price, priced_from = abs(prev[2] - balance), "store"
            else:
                price = None
        out.append(record_json(i, rec, price, priced_from))
    return out


def totals(records, only_seqs=None):
    t = {"fares": 0, "purchases": 0, "charges": 0, "unpriced": [], "skipped_balance_only": 0}
    for r in records:
        if only_seqs is not None and r["seq"] not in only_seqs:
            continue
        if r["kind"] == "balance":
            t["skipped_balance_only"] += 1
            continue
        if r["price"] is None:
            t["unpriced"].append(r["seq"])
            continue
        key = {"fare": "fares", "purchase": "purchases", "charge": "charges"}[r["counted_as"]]
        t[key] += r["price"]
    return t


def rolled_date(year, month, day):
    """The date Calendar.date(from: DateComponents) gives: out-of-range fields roll over, never nil."""
    import datetime
    y, m = year + (month - 1) // 12, (month - 1) % 12 + 1
    return (datetime.date(y, m, 1) + datetime.timedelta(days=day - 1)).isoformat()


def app_view(window):
    """What ExpenseLog's FeliCaDataFormatter makes of the same 20 blocks (APP.md, NFC section)."""
    app_names = {"001-204": "JR京都駅", "001-230": "JR新大阪駅", "001-232": "JR大阪駅", "001-216": "JR高槻駅",
                 "157-001": "阪急梅田駅", "159-029": "阪急高槻市駅"}
    items = []
    blocks = [w[0] if isinstance(w, tuple) else w for w in window]
    for i, b in enumerate(blocks):
        if i + 1 >= len(blocks):
            break  # the oldest block is dropped
        start = f"{b[6]:03d}-{b[7]:03d}"
        end = f"{b[8]:03d}-{b[9]:03d}"
        year, month, day = (b[4] >> 1) + 2000, (b[4] & 1) * 8 + (b[5] >> 5), b[5] & 0x1F
        nxt = blocks[i + 1]
        price = (nxt[10] + (nxt[11] << 8)) - (b[10] + (b[11] << 8))
        items.append({"date_components": [year, month, day], "app_date": rolled_date(year, month, day),
                      "name": f"{app_names.get(start, start)} - {app_names.get(end, end)}",
                      "price": price, "category": 1, "categorySub": 1})
    return {"items": items, "total": sum(x["price"] for x in items),
            "note": "every item filed as 娯楽費/交通費 (1/1); charges become negative prices; a new UUID per item, "
                    "so a second scan adds everything again; DateComponents roll over (month 0 -> previous year's "
                    "December, day 0 -> previous month's last day)"}


def write(name, lines):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


def write_json(name, obj):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline="\n") as f:
        json.dump(obj, f, ensure_ascii=False, indent=1)
        f.write("\n")


def window(card, first, last):
    """Records first..last (chronological indexes, inclusive), newest first as the card answers."""
    return list(reversed(card[first:last + 1]))


def expected_for(name, card, win, idm, store_seqs=(), style="", extra=None):
    recs = price_records(win, set(store_seqs), card)
    new = [r for r in recs if r["seq"] not in set(store_seqs)]
    obj = {"dump": name, "style": style,
           "card": {"idm": idm.hex().upper() if idm else None,
                    "identity": "IDm from the header" if idm else "none in the file: --account NAME (or the default card account)"},
           "store_before": sorted(store_seqs),
           "records": recs,
           "new_records": [r["seq"] for r in new],
           "totals_new": totals(recs, {r["seq"] for r in new}),
           "totals_dump": totals(recs),
           "card_balance": recs[0]["balance"] if recs else None}
    if extra:
        obj.update(extra)
    return obj


def main():
    # Card A windows: older r0..r19, read1 r10..r29, read2 r16..r35.
    older, read1, read2 = window(A, 0, 19), window(A, 10, 29), window(A, 16, 35)
    blocks = lambda w: [r[0] for r in w]
    idm_a_spaced = " ".join(f"{x:02X}" for x in A_IDM)

    write("card-a-read1.plain.txt", render_plain(blocks(read1)))
    write("card-a-read1.addr.txt", render_addr(blocks(read1), header=f"# IDm: {idm_a_spaced}"))
    write("card-a-read2.index.txt", render_index(blocks(read2), header=f"IDm: {A_IDM.hex()}"))
    write("card-a-read2.plain.txt", render_plain(blocks(read2), lower=True))
    write("card-a-older.index.txt", render_index(blocks(older), header=f"IDm: {A_IDM.hex()}"))

    seqs = lambda w: [r[3] for r in w]
    app = app_view(read1)
    write_json("card-a-read1.expected.json",
               expected_for("card-a-read1.plain.txt / card-a-read1.addr.txt", A, read1, A_IDM,
                            style="plain: 32 hex digits a line, no header (identity: --account); addr: '# IDm:' "
                                  "header, '0000: ' hex address, spaced upper-case bytes",
                            extra={"note": "the .plain file has no IDm: its records get the --account identity; "
                                           "the .addr file gives the IDm. Same records either way.",
                                   "app_view": app}))
    write_json("card-a-read2.expected.json", {
        "alone": expected_for("card-a-read2.*", A, read2, A_IDM, style="index: 'IDm:' header, '[n] ' decimal "
                              "index, spaced lower-case; plain: lower-case, no header"),
        "after_read1": expected_for("card-a-read2.*", A, read2, A_IDM, store_seqs=seqs(read1)),
        "note": "after_read1 needs the same identity for both reads: read1.addr + read2.index (IDm) or "
                "read1.plain + read2.plain with the same --account. Importing read2 twice adds nothing."})
    write_json("card-a-older.expected.json", {
        "after_read1": expected_for("card-a-older.index.txt", A, older, A_IDM, store_seqs=seqs(read1)),
        "repriced": {"seq": read1[-1][3], "price": abs(A[9][2] - A[10][2]), "priced_from": "this dump",
                     "why": "read1's oldest record had no earlier record; this older read holds it"},
        "note": "imported after read1: adds r0..r9 (r0 unpriced: nothing older), and prices read1's oldest record"})

    # Card B: 11 records and 9 unused blocks, newest first.
    bwin = window(B, 0, len(B) - 1)
    bblocks = blocks(bwin) + [bytes(16)] * (20 - len(bwin))
    write("card-b.addr.txt", render_addr(bblocks, header=f"# card IDm = {B_IDM.hex().upper()}", lower=True))
    write_json("card-b.expected.json", expected_for(
        "card-b.addr.txt", B, bwin, B_IDM,
        style="'# card IDm = ' header (libpafe's wording), '0000: ' hex address (000A..0013 past block 9), "
              "spaced lower-case; blocks 11..19 are all zero (unused) and are not records",
        extra={"unused_blocks": list(range(len(bwin), 20)),
               "note": "r5 is 東武 浅草 -> とうきょうスカイツリー: line/station bytes 157-001 are 阪急 大阪梅田 only in "
                       "area 2, and the app names it 阪急梅田駅. r9 is area 1 (名古屋市交通局 0x81): area 0's "
                       "129-066 is 秩父鉄道 西羽生, area 2's 0x81 is Osaka's 御堂筋線.",
               "app_view": app_view(bblocks)}))
    os.makedirs(os.path.join(HERE, "tool-styles"), exist_ok=True)
    write("tool-styles/card-b.nfcpy.txt", render_nfcpy(bblocks, B_IDM))
    write("tool-styles/card-b.libpafe.txt", render_libpafe(bblocks, B_IDM))
    write("tool-styles/card-b.felicalib.txt", render_felicalib(bblocks, B_IDM))

    # Malformed dumps: each refused whole, exit 2, with the file line number (1-based, header counted).
    base = render_addr(blocks(read1), header=f"# IDm: {idm_a_spaced}")
    m1 = list(base)
    m1[7] = m1[7][:-3]                                         # block 6 loses its last byte: 15 bytes
    write("bad-15-bytes.txt", m1)
    m2 = render_plain(blocks(read1))
    m2[3] = m2[3][:10] + "G" + m2[3][11:]                      # a 'G' in block 3
    write("bad-hex-digit.txt", m2)
    m3b = bytearray(read1[4][0])
    m3b[4], m3b[5] = ((2025 - 2000) << 1) | (2 >> 3), ((2 & 7) << 5) | 30   # 2025-02-30
    m3 = render_addr([r[0] for r in read1[:4]] + [bytes(m3b)] + [r[0] for r in read1[5:]],
                     header=f"# IDm: {idm_a_spaced}")
    write("bad-date.txt", m3)
    m4b = bytearray(read1[2][0])
    m4b[4], m4b[5] = ((2025 - 2000) << 1) | 1, (5 << 5) | 3             # month 13
    m4 = render_index([r[0] for r in read1[:2]] + [bytes(m4b)] + [r[0] for r in read1[3:]])
    write("bad-month-13.txt", m4)
    write_json("malformed.expected.json", {
        "bad-15-bytes.txt": {"refused": True, "exit": 2, "line": 8, "why": "15 bytes, not 16"},
        "bad-hex-digit.txt": {"refused": True, "exit": 2, "line": 4, "why": "'G' is not a hex digit"},
        "bad-date.txt": {"refused": True, "exit": 2, "line": 6,
                         "why": f"2025-02-30 is not a date (bytes 4-5 {m3b[4]:02X} {m3b[5]:02X})"},
        "bad-month-13.txt": {"refused": True, "exit": 2, "line": 3,
                             "why": f"month 13 (bytes 4-5 {m4b[4]:02X} {m4b[5]:02X})"},
        "all": "nothing is imported from a refused file; the app itself would roll these dates over "
               "(DateComponents), e.g. 2025-02-30 -> 2025-03-02"})
    print("wrote dumps to", HERE, file=sys.stderr)


if __name__ == "__main__":
    main()
