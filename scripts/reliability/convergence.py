#!/usr/bin/env python3
"""Convergence suite: three members' stores, one shipped household server, random faults; everyone ends equal.

  Three stores x 30 rounds, the stores acting at once in each round: a random `add`, `edit` (now and then tagging the
  item or taking its tags off: the stores and the sheet's tags column must agree at the end), `delete`, `import` of
  the same file, `undo` (of the store's own last change: after a sync too, and then the undo syncs), or `sync`, while the server (scripts/household-server --control, server/Code.gs under Node) fails
  requests at random (a 500, an HTML page, a connection dropped after the POST ran, an answer held past the timeout,
  a script ended midway through a write as the service ends one at 6 minutes).
  At the end each store syncs without faults, its conflicts are listed and resolved (theirs), and it syncs twice
  more; then every store equals the server item for item, the server holds no id twice, no acknowledged change is
  lost (an added id is on the server; a delete that was not refused as a conflict took; an edit of an item no one
  else touched is the server's version), and every conflict a sync reported is one `kakeibo conflicts` listed.

    scripts/reliability/convergence.py [--rounds 30] [--stores 3]

KAKEIBO_SEED=S replays the random choices (the stores' interleaving still varies).
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import threading

from common import ROOT, Failure, Figures, HouseholdServer, Sandbox, read_store, require_binaries, seed_from_environment

TOKEN = "convergence-token-7d2e"
FAULTS = [("status500", "POST"), ("html", "POST"), ("drop", "POST"), ("delay", "POST"), ("status500", "GET"), ("stop", "POST")]


class HouseholdMember:
    """One member's store against a household server, as the household suites drive it: `run` runs a kakeibo command
    and fails unless its exit status is in `ok` (None: any); with `verbose`, the command and all it printed are shown,
    indented by `indent`."""

    indent = ""
    verbose = False

    def __init__(self, name, server, prefix):
        self.name = name
        self.box = Sandbox("%s-%s" % (prefix, name))
        self.box.env.update({"KAKEIBO_ENDPOINT": server.endpoint, "KAKEIBO_TOKEN": TOKEN, "COLUMNS": "120"})

    def run(self, *args, ok=(0,)):
        result = self.box.run(list(args))
        if self.verbose:
            print("%s%s$ kakeibo %s  [exit %d]" % (self.indent, self.name, " ".join(args), result.status))
            for line in (result.stdout.decode() + result.error()).splitlines():
                print(self.indent + "    " + line)
        if ok is not None and result.status not in ok:
            raise Failure("%s: %s" % (self.name, result.describe()))
        return result


class ShippedServer(HouseholdServer):
    """scripts/household-server --control on 127.0.0.1, steered through its control channel (stopped as the test
    server is)."""

    def __init__(self):
        self.directory = tempfile.mkdtemp(prefix="kakeibo-convergence-server-")
        port_file = os.path.join(self.directory, "port")
        self.process = subprocess.Popen(
            [os.path.join(ROOT, "scripts", "household-server"), "--port-file", port_file, "--control"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1, env=dict(os.environ, KAKEIBO_SERVER_TOKEN=TOKEN))
        self.lock = threading.Lock()
        self.command({"cmd": "state"})  # answered once it listens and the port file is in place
        with open(port_file) as f:
            self.endpoint = f.read().strip()

    def command(self, command):
        with self.lock:
            self.process.stdin.write(json.dumps(command) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        if not line:
            raise Failure("household-server ended")
        return json.loads(line)

    def rows(self):
        """{id: [rows]} over every month sheet; each row {"name","price","deleted","tags"} (tags from the column headed
        "タグ Tags", wherever it is)."""
        rows = {}
        for name, values in self.command({"cmd": "state"})["sheets"].items():
            if name.startswith("_"):
                continue
            header = values[0] if values else []
            at = header.index("タグ Tags") if "タグ Tags" in header else None
            for row in values[1:]:
                if len(row) < 8 or row[5] in ("", None):
                    continue
                tags = str(row[at] or "").split() if at is not None and len(row) > at else []
                rows.setdefault(str(row[5]), []).append({"name": row[1], "price": row[2], "deleted": row[7] is True or row[7] == "TRUE", "tags": tags})
        return rows


class Member:
    def __init__(self, number, server):
        self.number = number
        self.box = Sandbox("convergence-%d" % number)
        self.box.env.update({"KAKEIBO_ENDPOINT": server.endpoint, "KAKEIBO_TOKEN": TOKEN})
        self.added = set()
        self.deleted = set()
        self.edits = {}  # id -> last acknowledged price
        self.reported = set()  # conflicts a sync reported
        self.own = []  # this store's own changes, newest last, as (kind, id, previous price): what undo takes back
        self.undone = 0

    def run(self, args):
        return self.box.run(args)

    def items(self):
        return read_store(self.box.store)

    def sync(self, figures, expect_ok=False):
        result = self.run(["sync", "--timeout", "2", "--format", "json"])
        for line in result.error().splitlines():
            match = re.search(r"conflict: (\S+) was changed on the server too", line)
            if match:
                self.reported.add(match.group(1))
        if result.status == 4 and not result.json().get("conflicts"):
            raise Failure("store %d: exit 4 (conflicts) with none in the summary: %s" % (self.number, result.describe()))
        if result.status in (0, 4):
            # 4: the sync did its work, and conflicts wait for resolve (they are settled at the end).
            figures.add("syncs")
        elif expect_ok:
            raise Failure("store %d: %s" % (self.number, result.describe()))
        elif result.status != 1 or "kakeibo:" not in result.error():
            raise Failure("store %d: a failed sync must exit 1 with a message: %s" % (self.number, result.describe()))
        else:
            figures.add("failed syncs")
        return result


def act(member, rng, import_file, figures):
    items = member.items()
    choice = rng.choice(["add", "add", "edit", "edit", "delete", "import", "statement", "undo", "sync", "sync"])
    if choice in ("edit", "delete", "statement") and not items:
        choice = "add"
    if choice == "add":
        result = member.run(["add", "品%d" % rng.randint(1, 999), str(rng.randint(1, 9999)), "--date", "2024-12-%02d" % rng.randint(1, 28), "--format", "json"])
        if result.status != 0:
            raise Failure(result.describe())
        member.added.add(result.json()["id"])
        member.own.append(("add", result.json()["id"], None))
        figures.add("changes")
    elif choice == "edit":
        target = rng.choice(sorted(items))
        price = rng.randint(1, 9999)
        # Now and then the edit tags the item too, or takes its tags off: the stores and the sheet must agree on them.
        tagging = rng.choice([[], [], ["--tag", rng.choice(["旅行", "＃帰省", "医療"])], ["--no-tags"]])
        result = member.run(["edit", target, "--price", str(price)] + tagging)
        if result.status != 0:
            raise Failure(result.describe())
        # A merged item is one purchase: the lines merged into it took the new price too (and an undo takes theirs back).
        changed = {target: price}
        for id, item in member.items().items():
            if id != target and id in items and item["price"] != items[id]["price"]:
                changed[id] = item["price"]
        member.own.append(("edit", target, {id: member.edits.get(id) for id in changed}))
        member.edits.update(changed)
        figures.add("changes")
    elif choice == "delete":
        target = rng.choice(sorted(items))
        result = member.run(["delete", target])
        if result.status != 0:
            raise Failure(result.describe())
        member.own.append(("delete", target, member.edits.get(target)))
        # A merged item goes with the lines merged into it; deleting an item in conflict settles the conflict.
        for id in {target} | (set(items) - set(member.items())):
            member.deleted.add(id)
            member.edits.pop(id, None)
            member.reported.discard(id)
        figures.add("changes")
    elif choice == "import":
        result = member.run(["import", import_file])
        if result.status != 0:
            raise Failure(result.describe())
        # The import is the later decision about the ids it holds: deleted here before, they are back.
        member.deleted -= {"shared-%d" % n for n in range(5)}
        member.own.append(("import", None, None))
        figures.add("changes")
    elif choice == "statement":
        # A statement's line of a purchase the store has (an item's price, a day later): the import merges the two,
        # and the merge travels to the others as changes like any other.
        target = items[rng.choice(sorted(items))]
        day = min(28, int(target["date"][8:10]) + 1)
        line = {"id": "pp:%d-%d" % (member.number, rng.randint(1, 10**9)), "date": "202412%02d" % day, "name": "明細%d" % rng.randint(1, 999),
                "price": target["price"], "category": 0, "payment": "PayPay"}
        path = member.box.write("statement.json", json.dumps([line], ensure_ascii=False))
        result = member.run(["import", path, "--format", "json"])
        if result.status != 0:
            raise Failure(result.describe())
        figures.add("merges", len(result.json().get("merges", [])))
        member.own.append(("import", None, None))
        figures.add("changes")
    elif choice == "undo":
        result = member.run(["undo", "--format", "json"])
        if result.status == 0:
            undo(member, result.json().get("operation"))
            figures.add("undos")
        elif result.status != 1 or "kakeibo:" not in result.error():
            raise Failure("store %d: a refused undo must exit 1 with a message: %s" % (member.number, result.describe()))
        else:
            figures.add("refused undos")
    else:
        member.sync(figures)


def undo(member, operation):
    """What the lost-change checks expect after an undo of this store's last own change."""
    member.undone += 1
    if not member.own or member.own[-1][0] != operation:
        member.own = []  # an import that added nothing leaves no backup: the stack no longer matches
        member.added, member.deleted, member.edits = set(), set(), {}
        return
    kind, id, previous = member.own.pop()
    if kind == "add":
        member.added.discard(id)
        member.edits.pop(id, None)
    elif kind == "delete":
        member.deleted.discard(id)  # back, here (or under a new id when the delete had reached the server)
    elif kind == "edit":
        for edited, before in previous.items():
            if before is None:
                member.edits.pop(edited, None)
            else:
                member.edits[edited] = before
    member.reported.discard(id)
    # An undone import takes away the items it brought back, and with them any conflict a sync found on them since.
    member.reported &= set(member.items())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--stores", type=int, default=3)
    options = parser.parse_args()
    require_binaries()
    seed = seed_from_environment()
    figures = Figures("convergence", seed)
    rng = random.Random(seed)
    server = ShippedServer()
    members = [Member(n + 1, server) for n in range(options.stores)]
    shared = [{"id": "shared-%d" % n, "date": "202412%02d" % (n + 1), "name": "共通%d" % n, "price": 100 * (n + 1), "category": 0} for n in range(5)]
    import_files = [m.box.write("shared.json", json.dumps(shared, ensure_ascii=False)) for m in members]
    try:
        # Each member joins the household first (kakeibo learns the server speaks the change protocol): a delete made
        # before a store ever synced stays local, as with a plain server.
        for member in members:
            member.sync(figures, expect_ok=True)
        for round in range(options.rounds):
            if rng.random() < 0.5:
                how, method = rng.choice(FAULTS)
                # stop: the service ends the script after that many calls, midway through a write
                server.command({"cmd": "fail", "how": how, "method": method, "times": 1, "seconds": 3, "afterCalls": rng.randint(3, 45)})
                figures.add("faults")
            seeds = [rng.getrandbits(32) for _ in members]
            errors = []

            def worker(member, member_seed):
                try:
                    act(member, random.Random(member_seed), import_files[member.number - 1], figures)
                except Failure as failure:
                    errors.append(str(failure))

            threads = [threading.Thread(target=worker, args=(m, s)) for m, s in zip(members, seeds)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            for error in errors:
                figures.fail("round %d: %s" % (round + 1, error))
            figures.add("rounds")
        # Any fault still armed is used up by a request no store depends on.
        server.command({"cmd": "state"})
        settle(server, members, figures)
        settle_values(server, members, rng, figures)
    except Failure as failure:
        figures.fail(str(failure))
    finally:
        server.close()
        for member in members:
            member.box.close()
    return figures.finish([
        "values that must settle (U+FEFF, NFD, ZWJ, each limit's edge, dates at both ends): %d taken at entry and settled "
        "within two syncs, %d refused at entry with the reason" % (figures.counts.get("settled values", 0), figures.counts.get("refused values", 0)),
        "%d stores, rounds: %d, changes: %d (merging %d lines), undos: %d (%d refused), syncs: %d (%d failed under %d faults), conflicts: %d, lost: %d" % (
            options.stores, figures.counts.get("rounds", 0), figures.counts.get("changes", 0), figures.counts.get("merges", 0), figures.counts.get("undos", 0),
            figures.counts.get("refused undos", 0), figures.counts.get("syncs", 0),
            figures.counts.get("failed syncs", 0), figures.counts.get("faults", 0), figures.counts.get("conflicts", 0),
            figures.counts.get("lost", 0)),
    ])


# Values either side might change or refuse (issue #33): (arguments for add after name and price, what the name
# becomes, refused at entry?, words of the refusal). Each is thrown by a member; what is taken must settle.
FAMILY = "\U0001F468\u200D\U0001F469\u200D\U0001F467\u200D\U0001F466"
SETTLE_VALUES = [
    (["牛乳\uFEFF"], [], "牛乳", None),
    (["\u3000パン\uFEFF\u3000"], ["--shop", "\uFEFFコンビニ"], "パン", None),
    (["か\u3099き\u3099"], ["--shop", "か\u3099" * 29], "がぎ", None),
    (["Cafe\u0301"], ["--memo", "e\u0301" * 100], "Café", None),
    (["x" * 30], [], "x" * 30, None),
    (["x" * 31], [], None, "at most 30"),
    (["寿司"], ["--shop", "\U0001F363" * 30], "寿司", None),
    (["寿司"], ["--shop", "\U0001F363" * 31], None, "at most 30"),
    ([FAMILY * 4], [], FAMILY * 4, None),
    ([FAMILY * 30], [], None, "at most 30"),
    (["メモ"], ["--memo", "m" * 100], "メモ", None),
    (["メモ"], ["--memo", "m" * 101], None, "at most 100"),
    (["タグ"], ["--tag", "t" * 20], "タグ", None),
    (["タグ"], ["--tag", "t" * 21], None, "at most 20"),
    (["古い"], ["--date", "1900-01-01"], "古い", None),
    (["古すぎ"], ["--date", "1899-12-31"], None, "1900-01-01"),
    (["先"], ["--date", "2999-12-31"], "先", None),
    (["先すぎ"], ["--date", "3000-01-01"], None, "2999-12-31"),
]


def settle_values(server, members, rng, figures):
    """Each value of SETTLE_VALUES added by a member chosen by the seed: refused at entry with the reason, or taken
    and then equal on every store and the server within two syncs of each (the second sending nothing)."""
    values = list(SETTLE_VALUES)
    rng.shuffle(values)
    taken = {}
    for name, extra, becomes, refusal in values:
        member = rng.choice(members)
        args = ["add", name[0], str(rng.randint(1, 9999))] + extra
        if "--date" not in extra:
            args += ["--date", "2024-12-%02d" % rng.randint(1, 28)]
        result = member.run(args + ["--format", "json"])
        if refusal is not None:
            if result.status != 2 or refusal not in result.error():
                figures.fail("%r: expected refused at entry (exit 2, '%s'): %s" % (name[0][:40], refusal, result.describe()))
            figures.add("refused values")
            continue
        if result.status != 0:
            figures.fail("%r: expected taken: %s" % (name[0][:40], result.describe()))
            continue
        item = result.json()
        if item["name"] != becomes:
            figures.fail("%r: taken as %r, expected %r" % (name[0][:40], item["name"], becomes))
        taken[item["id"]] = item
    for round in range(2):
        for member in members:
            result = member.sync(figures, expect_ok=True)
            if round == 1 and result.json().get("pushed", 0) != 0:
                figures.fail("store %d: the second sync still sent changes (values that do not settle): %s" % (
                    member.number, result.text().strip()[:300]))
    rows = server.rows()
    for id, item in taken.items():
        live = [row for row in rows.get(id, []) if not row["deleted"]]
        if not live:
            figures.add("lost")
            figures.fail("lost: %s (%r) is not on the server" % (id, item["name"]))
            continue
        if live[0]["name"] != item["name"]:
            figures.fail("%s: the server has %r, kakeibo %r" % (id, live[0]["name"], item["name"]))
        held = [member.items().get(id) for member in members]
        shown = [None if h is None else (h["name"], h["sync"], h.get("shop"), h.get("memo"), h.get("tags")) for h in held]
        if any(entry != shown[0] for entry in shown) or shown[0] is None or shown[0][:2] != (item["name"], "synced"):
            figures.fail("%s did not settle on every store: %r" % (id, shown))
        figures.add("settled values")


def settle(server, members, figures):
    # Faults left armed: spend them on syncs that may fail, until one of each store succeeds in a row.
    for _ in range(10):
        if all(m.sync(figures).status in (0, 4) for m in members):
            break
    conflicted = {}
    for member in members:
        listed = {c.get("id") or c.get("setting") for c in member.run(["conflicts", "--format", "json"]).json()}
        conflicted[member.number] = listed
        missing = member.reported - listed
        if missing:
            figures.fail("store %d: conflicts reported but not listed: %s" % (member.number, sorted(missing)))
        figures.add("conflicts", len(listed))
        for id in sorted(listed):
            result = member.run(["resolve", id, "theirs"])
            if result.status != 0:
                figures.fail("store %d: %s" % (member.number, result.describe()))
    for _ in range(2):
        for member in members:
            member.sync(figures, expect_ok=True)
    rows = server.rows()
    current = {id: [r for r in list_ if not r["deleted"]] for id, list_ in rows.items()}
    current = {id: r[0] for id, r in current.items() if r}
    for id, list_ in rows.items():
        if len(list_) > 1:
            figures.fail("the server holds id %s %d times" % (id, len(list_)))
    for member in members:
        items = member.items()
        mine = {id: (item["name"], item["price"], tuple(item.get("tags", []))) for id, item in items.items()}
        theirs = {id: (row["name"], row["price"], tuple(row["tags"])) for id, row in current.items()}
        if mine != theirs:
            diff = sorted(set(mine.items()) ^ set(theirs.items()))[:6]
            figures.fail("store %d differs from the server: %s" % (member.number, diff))
        unsynced = [id for id, item in items.items() if item["sync"] != "synced"]
        if unsynced:
            figures.fail("store %d still has unsent items: %s" % (member.number, unsynced[:5]))
    lost = []
    touched = {}
    for member in members:
        for id in set(member.edits) | member.deleted:
            touched.setdefault(id, set()).add(member.number)
    for member in members:
        lost += ["added %s" % id for id in member.added if id not in rows and id not in member.deleted]
        lost += ["deleted %s" % id for id in member.deleted if id in current and id not in conflicted[member.number]]
        for id, price in member.edits.items():
            if not id.startswith("shared-") and touched.get(id) == {member.number} and id not in conflicted[member.number] and id in current and current[id]["price"] != price:
                lost.append("edit of %s to %d (server %s)" % (id, price, current[id]["price"]))
    figures.add("lost", len(lost))
    for entry in lost:
        figures.fail("lost: " + entry)


if __name__ == "__main__":
    sys.exit(main())
