#!/usr/bin/env python3
"""Race suite: writers at once must all land, and nothing may be doubled.

  1. 4 processes each run 100 `kakeibo add` into the same month, all at once: exactly 400 new items, every
     acknowledged id among them.
  2. While a `kakeibo pull` from the household test server is under way (the server holds its answer back with its
     delay fault, and says when the request has arrived), `add`, `edit`, `delete` and `import` run and exit 0; then
     the pull finishes. Nothing is lost (every local change is there, every server item is there) and nothing is
     doubled (each id once; a second pull changes nothing).
  3. The lock can't be split: while an import of 12,000 items holds the store's lock, its `.lock` file is removed
     (a user "clearing a stale lock") and two `add` run: every add that exits 0 is stored, and so is every item of
     an import that exits 0.
  4. A suspended writer: an import holding the lock is stopped (SIGSTOP, as Ctrl-Z does); an `add` says on stderr
     that it waits, naming the import's process, and `add --lock-timeout 1` gives up with exit 1, changing nothing;
     once the import continues, both it and the waiting add land.

    scripts/reliability/race.py [--writers 4] [--adds 100] [--pulls 3]
"""
import argparse
import fcntl
import json
import os
import signal
import sys
import threading

import random

from common import (Failure, Figures, HouseholdServer, Sandbox, read_store, require_binaries, seed_from_environment, snapshot_difference,
                    thousands, wire_item)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--adds", type=int, default=100)
    parser.add_argument("--pulls", type=int, default=3)
    options = parser.parse_args()
    require_binaries()
    seed = seed_from_environment()
    figures = Figures("race", seed)
    rng = random.Random(seed)
    try:
        concurrent_adds(options.writers, options.adds, figures)
    except Failure as failure:
        figures.fail("concurrent adds: %s" % failure)
    for round in range(options.pulls):
        try:
            lock_removed_during_import(round, rng, figures)
        except Failure as failure:
            figures.fail("lock removed during an import, round %d: %s" % (round + 1, failure))
    try:
        suspended_writer(rng, figures)
    except Failure as failure:
        figures.fail("suspended writer: %s" % failure)
    server = HouseholdServer()
    try:
        for round in range(options.pulls):
            try:
                writes_during_pull(server, round, rng, figures)
            except Failure as failure:
                figures.fail("writes during a pull, round %d: %s" % (round + 1, failure))
    finally:
        server.close()
    return figures.finish([
        "%d processes x %d adds into one month at once: %d acknowledged, %d new items in the month" % (
            options.writers, options.adds, figures.counts.get("adds acknowledged", 0), figures.counts.get("adds stored", 0)),
        "%d pulls held in flight by the server; meanwhile %d adds, %d edits, %d deletes, %d imports (%d items) exited 0; "
        "afterwards %s items checked, each id once" % (
            figures.counts.get("pulls", 0), figures.counts.get("pull adds", 0), figures.counts.get("pull edits", 0),
            figures.counts.get("pull deletes", 0), figures.counts.get("pull imports", 0), figures.counts.get("pull imported items", 0),
            thousands(figures.counts.get("pull items checked", 0))),
        "%d imports whose .lock was removed under them, %d adds meanwhile: %d acknowledged changes, lost: %d" % (
            figures.counts.get("split imports", 0), figures.counts.get("split adds", 0),
            figures.counts.get("split acknowledged", 0), figures.counts.get("split lost", 0)),
        "suspended writer: %d waiting messages naming it, %d lock timeouts (exit 1, nothing changed), lost: %d" % (
            figures.counts.get("wait messages", 0), figures.counts.get("lock timeouts", 0), figures.counts.get("stopped lost", 0)),
    ])


def concurrent_adds(writers, adds, figures):
    box = Sandbox("race-adds")
    try:
        # An item already in the month, so every writer has a file to read and replace from the first add.
        first = box.run(["add", "first", "1", "--date", "2024-12-01"])
        if first.status != 0:
            raise Failure(first.describe())
        acknowledged = {}
        problems = []

        def writer(number):
            for index in range(adds):
                name = "w%d-%d" % (number, index)
                result = box.run(["add", name, str(index + 1), "--date", "2024-12-%02d" % (index % 28 + 1), "--format", "json"])
                if result.status != 0:
                    problems.append(result.describe())
                    continue
                acknowledged[name] = result.json()["id"]

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(writers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if problems:
            raise Failure("%d adds failed, first: %s" % (len(problems), problems[0]))
        figures.add("adds acknowledged", len(acknowledged))
        stored = read_store(box.store)
        new = {item["name"]: id for id, item in stored.items() if item["name"] != "first"}
        figures.add("adds stored", len(new))
        if len(new) != writers * adds or new != acknowledged:
            raise Failure("%d adds acknowledged, %d new items stored" % (len(acknowledged), len(new)))
        result, report = box.check()
        if result.status != 0:
            raise Failure("kakeibo check: %s" % report["problems"][:3])
    finally:
        box.close()


def big_import(box, rng, count, name):
    """An import file of `count` items over three months (a multi-month commit), and their ids."""
    items = [wire_item(rng, month, i, name) for i, month in enumerate(["2024-10", "2024-11", "2024-12"] * (count // 3))]
    return box.write(name + ".json", json.dumps(items, ensure_ascii=False)), {item["id"] for item in items}


def wait_until_locked(box, process, recorded=False):
    """Returns once `process` holds the store's lock (a non-blocking flock of .lock fails), or has exited. With
    `recorded`, also once it has written itself into the lock file: a holder stopped between taking the lock and
    recording itself can't be named by a writer that waits."""
    path = os.path.join(box.store, ".lock")
    while process.poll() is None:
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(fd, fcntl.LOCK_UN)
        except BlockingIOError:
            if not recorded or str(process.pid).encode() in os.pread(fd, 256, 0):
                return True
        finally:
            os.close(fd)
    return False


def lock_removed_during_import(round, rng, figures):
    box = Sandbox("race-lock")
    try:
        first = box.run(["add", "first", "1", "--date", "2024-12-01"])
        if first.status != 0:
            raise Failure(first.describe())
        path, ids = big_import(box, rng, 12000, "split%d" % round)
        importer = box.spawn(["import", path, "--format", "json"])
        if not wait_until_locked(box, importer):
            raise Failure("the import finished before it could be seen holding the lock")
        os.unlink(os.path.join(box.store, ".lock"))  # "clearing a stale lock"
        acknowledged = {}

        def writer(number):
            result = box.run(["add", "during%d" % number, str(10 + number), "--date", "2024-12-02", "--format", "json"])
            figures.add("split adds")
            if result.status == 0:
                acknowledged[result.json()["id"]] = "during%d" % number

        threads = [threading.Thread(target=writer, args=(n,)) for n in range(2)]
        for thread in threads:
            thread.start()
        out, err = importer.communicate(timeout=300)
        for thread in threads:
            thread.join()
        figures.add("split imports")
        stored = read_store(box.store)
        expected = set(acknowledged) | (ids if importer.returncode == 0 else set())
        figures.add("split acknowledged", len(acknowledged) + (1 if importer.returncode == 0 else 0))
        lost = expected - set(stored)
        figures.add("split lost", len(lost))
        if lost:
            raise Failure("%d acknowledged items are not stored (import exited %d, %d adds acknowledged)" % (
                len(lost), importer.returncode, len(acknowledged)))
        result, report = box.check()
        if result.status != 0:
            raise Failure("kakeibo check: %s" % report["problems"][:3])
    finally:
        box.close()


def suspended_writer(rng, figures):
    box = Sandbox("race-stop")
    try:
        path, ids = big_import(box, rng, 12000, "stopped")
        importer = box.spawn(["import", path, "--format", "json"])
        if not wait_until_locked(box, importer, recorded=True):
            raise Failure("the import finished before it could be seen holding the lock")
        importer.send_signal(signal.SIGSTOP)
        # A fail-safe only, for a kakeibo that never says it waits: the import goes on, the add ends, the check fails.
        watchdog = threading.Timer(120, lambda: importer.send_signal(signal.SIGCONT))
        watchdog.start()
        try:
            waiting = box.spawn(["add", "waiting", "5", "--date", "2024-12-03", "--format", "json"])
            line = waiting.stderr.readline().decode("utf-8", "replace")  # blocks until the add says something
            expected = "waiting for the store's lock, held by process %d (kakeibo import)" % importer.pid
            if expected not in line:
                raise Failure("a waiting add said %r, not %r" % (line, expected))
            figures.add("wait messages")
            before = box.snapshot()
            gave_up = box.run(["--lock-timeout", "1", "add", "impatient", "6"])
            if gave_up.status != 1 or "gave up waiting" not in gave_up.error() or str(importer.pid) not in gave_up.error():
                raise Failure("with the lock held, add --lock-timeout 1: " + gave_up.describe())
            if box.snapshot() != before:
                raise Failure("a write that gave up changed the store: " + snapshot_difference(before, box.snapshot()))
            figures.add("lock timeouts")
        finally:
            watchdog.cancel()
            importer.send_signal(signal.SIGCONT)
        importer.communicate(timeout=300)
        out, err = waiting.communicate(timeout=300)
        if importer.returncode != 0 or waiting.returncode != 0:
            raise Failure("after SIGCONT: import exited %d, the waiting add %d (%s)" % (
                importer.returncode, waiting.returncode, err.decode("utf-8", "replace").strip()))
        stored = read_store(box.store)
        lost = (ids | {json.loads(out)["id"]}) - set(stored)
        figures.add("stopped lost", len(lost))
        if lost:
            raise Failure("%d acknowledged items are not stored" % len(lost))
    finally:
        box.close()


def writes_during_pull(server, round, rng, figures):
    box = Sandbox("race-pull")
    month = "2024-%02d" % (12 - round)
    try:
        year, number = month.split("-")
        # The server's sheet, and items of ours (not yet on the server) to edit and delete during the pull.
        sheet = [wire_item(rng, month, i, "server%d" % round) for i in range(50)]
        server.seed({month: sheet})
        local = {}
        for index in range(6):
            result = box.run(["add", "local%d" % index, str(100 + index), "--date", "%s-%02d" % (month, index + 1), "--format", "json"])
            if result.status != 0:
                raise Failure(result.describe())
            local[result.json()["id"]] = (result.json()["name"], result.json()["price"])
        ids = sorted(local)
        gets = sum(1 for r in server.command({"cmd": "state"})["requests"] if r["method"] == "GET" and r["path"] == "/exec")
        server.fail("delay", month=month, seconds=3)
        pull = box.spawn(["pull", year, str(int(number)), "--endpoint", server.endpoint, "--format", "json"])
        # The server says when the pull's request has arrived: from then on the pull is waiting for its answer.
        if not server.command({"cmd": "wait", "method": "GET", "count": gets + 1})["ok"]:
            raise Failure("the pull's request never reached the server")
        # add, edit, delete and import while the pull waits.
        added = {}
        for index in range(4):
            result = box.run(["add", "during%d" % index, str(200 + index), "--date", "%s-%02d" % (month, 10 + index), "--format", "json"])
            if result.status != 0:
                raise Failure(result.describe())
            added[result.json()["id"]] = (result.json()["name"], 200 + index)
            figures.add("pull adds")
        for id in ids[:2]:
            result = box.run(["edit", id, "--price", "999", "--format", "json"])
            if result.status != 0:
                raise Failure(result.describe())
            local[id] = (local[id][0], 999)
            figures.add("pull edits")
        result = box.run(["delete", ids[2], "--format", "json"])
        if result.status != 0:
            raise Failure(result.describe())
        del local[ids[2]]
        figures.add("pull deletes")
        imported = [wire_item(rng, m, i, "imp%d" % round) for i, m in enumerate([month] * 15 + ["2023-06"] * 5)]
        result = box.run(["import", box.write("during.json", json.dumps(imported, ensure_ascii=False)), "--format", "json"])
        if result.status != 0:
            raise Failure(result.describe())
        figures.add("pull imports")
        figures.add("pull imported items", len(imported))
        if pull.poll() is not None:
            raise Failure("the pull finished before the writes did: they did not overlap")
        out, err = pull.communicate(timeout=60)
        if pull.returncode != 0:
            raise Failure("pull exited %d: %s" % (pull.returncode, err.decode("utf-8", "replace")))
        figures.add("pulls")
        verify_after_pull(box, sheet, local, added, imported, figures)
        # A second pull, with nothing changed on either side, changes nothing and doubles nothing.
        again = box.snapshot()
        result = box.run(["pull", year, str(int(number)), "--endpoint", server.endpoint])
        if result.status != 0:
            raise Failure(result.describe())
        if {k: v for k, v in box.snapshot().items() if not k.startswith("backups/")} != {
                k: v for k, v in again.items() if not k.startswith("backups/")}:
            raise Failure("a second pull changed the store")
        verify_after_pull(box, sheet, local, added, imported, figures)
    finally:
        box.close()


def verify_after_pull(box, sheet, local, added, imported, figures):
    stored = read_store(box.store)  # raises on an id found twice
    expected = {}
    for item in sheet:
        expected[item["id"]] = (item["name"], item["price"], "synced")
    for id, (name, price) in list(local.items()) + list(added.items()):
        expected[id] = (name, price, "pending")
    for item in imported:
        expected[item["id"]] = (item["name"], item["price"], "pending")
    actual = {id: (item["name"], item["price"], item["sync"]) for id, item in stored.items()}
    if actual != expected:
        missing = sorted(set(expected) - set(actual))[:3]
        extra = sorted(set(actual) - set(expected))[:3]
        wrong = [id for id in expected if id in actual and actual[id] != expected[id]][:3]
        raise Failure("store differs: missing %s, extra %s, wrong %s" % (missing, extra, [(w, actual[w], expected[w]) for w in wrong]))
    figures.add("pull items checked", len(expected))
    result, report = box.check()
    if result.status != 0:
        raise Failure("kakeibo check: %s" % report["problems"][:3])


if __name__ == "__main__":
    sys.exit(main())
