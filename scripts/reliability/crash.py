#!/usr/bin/env python3
"""Crash suite: starts kakeibo writes — add, edit (in its month, and to another month: a multi-month commit),
delete, an import of a few hundred items over twelve months, and an IC card's dump (items over two months and the
card's records in ic-cards.json, one commit) — and kills each with SIGKILL at a random moment,
microseconds after it was spawned (seeded; the seed is printed). After every kill:

  - every month file parses (with Python's JSON parser, not kakeibo's);
  - `kakeibo check` exits 0 (it finishes an interrupted multi-month commit first, as every command does);
  - every command that had exited 0 left its change in the store (its item, its new price or date, its deletion);
  - the killed command's change is there completely or not at all (an import: all of its items or none; a card's
    dump: all of its items and its card in ic-cards.json, or neither; a move: the item in its old month or its new
    one, once).

    scripts/reliability/crash.py [--kills N]        (KAKEIBO_SEED=S to replay a run)
"""
import argparse
import json
import os
import random
import sys
import time

from common import (Failure, Figures, Sandbox, read_store, require_binaries, seed_from_environment, thousands,
                    wire_item, kill_at)

IMPORT_ITEMS = 200
IMPORT_MONTHS = ["2023-%02d" % m for m in range(1, 13)]


class Ledger:
    """What the store must hold: every acknowledged change, as {id: (date, name, price)}."""

    def __init__(self):
        self.items = {}

    def verify(self, stored, skip=()):
        for id, (date, name, price) in self.items.items():
            if id in skip:
                continue
            item = stored.get(id)
            if item is None:
                raise Failure("acknowledged item %s (%s) is missing" % (id, name))
            if (item["date"], item["name"], item["price"]) != (date, name, price):
                raise Failure("item %s is %r, acknowledged as %r" % (id, (item["date"], item["name"], item["price"]), (date, name, price)))
        for id in set(stored) - set(self.items) - set(skip):
            raise Failure("item %s (%s) is in the store but was never written" % (id, stored[id]["name"]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--kills", type=int, default=200, help="kill at least this many running commands")
    options = parser.parse_args()
    require_binaries()
    seed = seed_from_environment()
    rng = random.Random(seed)
    figures = Figures("crash", seed)
    box = Sandbox("crash")
    ledger = Ledger()
    # Each kind of command gets its share of the kills; `typical` is how long one takes when left alone (µs).
    quota = {"add": 0.25, "edit": 0.2, "move": 0.15, "import": 0.15, "card": 0.15, "delete": 0.1}
    wanted = {kind: max(1, int(share * options.kills + 0.999)) for kind, share in quota.items()}
    typical = {}
    serial = 0
    try:
        while any(figures.counts.get("kills " + kind, 0) < wanted[kind] for kind in wanted):
            kind = rng.choice([k for k in wanted if figures.counts.get("kills " + k, 0) < wanted[k]])
            if kind in ("edit", "move", "delete") and len(ledger.items) < 5:
                kind = "import"
            serial += 1
            args, target, change = plan(kind, serial, rng, ledger, box)
            backups_before = newest_backup(box.store)
            started = time.monotonic()
            process = box.spawn(args)
            # The first runs of each kind are left to finish, to learn how long one takes; later ones are killed at a
            # moment from the spawn to a little past that (the median), more often late, where the writing is.
            durations = typical.setdefault(kind, [])
            delay = int(sorted(durations)[len(durations) // 2] * 1.2 * rng.random() ** 0.7) if len(durations) >= 3 else None
            sent = kill_at(process, delay) if delay is not None else False
            out, err = process.communicate()
            if process.returncode == 0 and not sent:
                durations.append((time.monotonic() - started) * 1e6)
            killed = process.returncode == -9
            if process.returncode not in (0, -9) or b"Fatal error" in err:
                figures.fail("%s exited %d: %s" % (" ".join(args[:3]), process.returncode, err.decode("utf-8", "replace").strip()))
                break
            figures.add("runs")
            if killed:
                figures.add("kills")
                figures.add("kills " + kind)
            elif sent:
                figures.add("finished before the kill")
            if killed:
                for trace in traces(box.store, process.pid, backups_before):
                    figures.add("trace " + trace)
            try:
                landed = verify(box, ledger, kind, target, change, acknowledged=not killed, stdout=out, figures=figures)
                if killed:
                    figures.add("killed after landing" if landed else "killed before landing")
            except Failure as failure:
                figures.fail("after %s %s (%s): %s" % (kind, "killed at %d µs" % delay if killed else "finished", " ".join(args[:4]), failure))
                break
    finally:
        box.close()
    kinds = ", ".join("%s %d" % (k, figures.counts.get("kills " + k, 0)) for k in wanted)
    return figures.finish([
        "%d kills with SIGKILL (%s), %d more runs finished before their kill or ran unkilled" % (
            figures.counts.get("kills", 0), kinds, figures.counts.get("runs", 0) - figures.counts.get("kills", 0)),
        "killed before their change landed: %d; after it landed, before exiting: %d" % (
            figures.counts.get("killed before landing", 0), figures.counts.get("killed after landing", 0)),
        "killed mid-write, leaving: a temporary month file %d times, a multi-month journal %d times, a backup %d times" % (
            figures.counts.get("trace temporary", 0), figures.counts.get("trace journal", 0), figures.counts.get("trace backup", 0)),
        "after every kill: month files parsed %d times, kakeibo check passed %d times, %s acknowledged items verified" % (
            figures.counts.get("parses", 0), figures.counts.get("checks", 0), thousands(figures.counts.get("items verified", 0))),
        "check's warnings on the way: %d interrupted multi-month changes finished, %d summaries passed over as out of date, "
        "%d temporary files left" % (figures.counts.get("warning interruptedChange", 0), figures.counts.get("warning summary", 0),
                                    figures.counts.get("warning leftoverFile", 0)),
    ])


def plan(kind, serial, rng, ledger, box):
    """The command line, the ids it touches, and the change it makes if it lands."""
    if kind == "add":
        name = "c%d" % serial
        date = "2024-%02d-%02d" % (rng.choice([11, 12]), rng.randint(1, 28))
        price = rng.randint(1, 99999)
        return ["add", name, str(price), "--date", date, "--format", "json"], None, (date, name, price)
    if kind == "import":
        items = [wire_item(rng, rng.choice(IMPORT_MONTHS), i, "i%d" % serial) for i in range(IMPORT_ITEMS)]
        path = box.write("import-%d.json" % serial, json.dumps(items, ensure_ascii=False))
        change = {it["id"]: ("%s-%s-%s" % (it["date"][:4], it["date"][4:6], it["date"][6:]), it["name"], it["price"]) for it in items}
        return ["import", path, "--format", "json"], None, change
    if kind == "card":
        account = "card%d" % serial
        path = box.write("card-%d.txt" % serial, card_dump(serial, rng))
        return ["import", path, "--account", account, "--format", "json"], account, CARD_ITEMS
    id = rng.choice(sorted(ledger.items))
    date, name, price = ledger.items[id]
    if kind == "edit":
        new_price = rng.randint(1, 99999)
        return ["edit", id, "--price", str(new_price), "--format", "json"], id, (date, name, new_price)
    if kind == "move":
        month = date[:7]
        other = rng.choice([m for m in ["2024-10", "2024-11", "2024-12"] + IMPORT_MONTHS if m != month])
        new_date = "%s-%02d" % (other, rng.randint(1, 28))
        return ["edit", id, "--date", new_date, "--format", "json"], id, (new_date, name, price)
    return ["delete", id, "--format", "json"], id, None


def verify(box, ledger, kind, target, change, acknowledged, stdout, figures):
    # Every month file parses as it lies on disk, before any kakeibo command has recovered anything.
    raw_parse(box.store)
    figures.add("parses")
    result, report = box.check()
    if result.status != 0 or report["errors"] != 0:
        raise Failure("kakeibo check exited %d: %s" % (result.status, json.dumps(report["problems"], ensure_ascii=False)[:600]))
    figures.add("checks")
    for problem in report["problems"]:
        figures.add("warning " + problem["kind"])
    stored = read_store(box.store)
    if kind == "add":
        date, name, price = change
        landed = [item for item in stored.values() if item["name"] == name]
        if len(landed) > 1:
            raise Failure("add of %s landed %d times" % (name, len(landed)))
        if acknowledged:
            id = json.loads(stdout)["id"]
            if not landed or landed[0]["id"] != id:
                raise Failure("acknowledged add %s (%s) is not in the store" % (name, id))
        if landed:
            ledger.items[landed[0]["id"]] = change
        happened = bool(landed)
    elif kind == "import":
        present = [id for id in change if id in stored]
        if acknowledged and len(present) != len(change):
            raise Failure("acknowledged import: %d of %d items in the store" % (len(present), len(change)))
        if present and len(present) != len(change):
            raise Failure("killed import left %d of its %d items: not all or nothing" % (len(present), len(change)))
        if present:
            ledger.items.update(change)
        happened = bool(present)
    elif kind == "card":
        landed = {id: item for id, item in stored.items() if item.get("payment") == target}
        path = os.path.join(box.store, "ic-cards.json")
        with open(path, encoding="utf-8") if os.path.exists(path) else open(os.devnull, encoding="utf-8") as f:
            text = f.read()
        recorded = target in [card["account"] for card in (json.loads(text)["cards"] if text else [])]
        if acknowledged and len(landed) != change:
            raise Failure("acknowledged card import: %d of %d items in the store" % (len(landed), change))
        if len(landed) not in (0, change) or recorded != bool(landed):
            raise Failure("killed card import left %d of its %d items, its card %s: not all or nothing" % (
                len(landed), change, "recorded" if recorded else "not recorded"))
        ledger.items.update({id: (item["date"], item["name"], item["price"]) for id, item in landed.items()})
        happened = bool(landed)
    elif kind == "delete":
        if acknowledged and target in stored:
            raise Failure("acknowledged delete of %s, but it is still in the store" % target)
        happened = target not in stored
        if happened:
            del ledger.items[target]
    else:  # edit or move: the old version or the new, whole
        old = ledger.items[target]
        item = stored.get(target)
        if item is None:
            raise Failure("%s of %s lost the item" % (kind, target))
        now = (item["date"], item["name"], item["price"])
        if now not in (old, change) or (acknowledged and now != change):
            raise Failure("%s of %s left %r (before %r, change %r, acknowledged %s)" % (kind, target, now, old, change, acknowledged))
        happened = now == change and now != old
        ledger.items[target] = now
    ledger.verify(stored)
    figures.add("items verified", len(ledger.items))
    return happened


# A card's dump: a charge, then CARD_ITEMS fares over November and December, newest first as the card answers; the
# charge is the oldest record (no price: no item), each fare is priced from the line after it.
CARD_ITEMS = 19


def card_dump(serial, rng):
    records, balance, sequence = [], 5000, rng.randint(100, 60000)
    for index in range(CARD_ITEMS + 1):
        month, day = (11, 1 + index) if index < 10 else (12, index - 9)
        block = bytearray(16)
        block[4], block[5] = (24 << 1) | (month >> 3), ((month & 7) << 5) | day
        if index == 0:
            block[0], block[1], block[6], block[7] = 0x08, 0x02, 1, 216  # a charge at a ticket machine
        else:
            balance -= rng.randint(1, 9) * 10
            block[0], block[1], block[3], block[6], block[7], block[8], block[9] = 0x16, 0x01, 0x02, 1, 216, 1, 204
        block[10], block[11] = balance & 0xFF, balance >> 8
        block[13], block[14] = (sequence + index) >> 8 & 0xFF, (sequence + index) & 0xFF
        records.append(bytes(block))
    lines = ["# IDm: %016X" % (0x0100000000000000 + serial)]
    lines += ["%04X: %s" % (number, " ".join("%02X" % b for b in block)) for number, block in enumerate(reversed(records))]
    return "\n".join(lines) + "\n"


def newest_backup(store):
    directory = os.path.join(store, "backups")
    numbers = [int(n) for n in os.listdir(directory) if n.isdigit()] if os.path.isdir(directory) else []
    return max(numbers, default=0)


def traces(store, pid, backups_before):
    """What a killed command left of a write in progress, before anything cleans it up."""
    found = []
    if any(".tmp-%d" % pid in name for name in os.listdir(store)):
        found.append("temporary")
    journal = os.path.join(store, ".tx")
    if os.path.isdir(journal) and os.listdir(journal):
        found.append("journal")
    if newest_backup(store) > backups_before:
        found.append("backup")
    return found


def raw_parse(store):
    for name in os.listdir(store):
        if len(name) == 12 and name.endswith(".json"):
            with open(os.path.join(store, name), "rb") as f:
                try:
                    json.loads(f.read().decode("utf-8"))
                except (ValueError, UnicodeDecodeError) as error:
                    raise Failure("%s does not parse: %s" % (name, error))


if __name__ == "__main__":
    sys.exit(main())
