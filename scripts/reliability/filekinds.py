#!/usr/bin/env python3
"""File-kind suite: every kind of file kakeibo opens inside the store (months, summaries, settings, the sync state,
backups, the journal of a change, locks) and outside it (configuration, a named input), planted as each thing kakeibo
must not open: a symbolic link out of the store, a dangling link, /dev/zero, a FIFO, a directory, a 40 GB sparse file.

Each command that opens the file exits 1 with one line naming it (a summary or a backup's manifest is passed over, as
an unreadable one is), within the suite's timeout: no FIFO blocks it, no /dev/zero or 40 GB file fills memory (a
memory limit of 1 GB is set on every run), and no trap. A link's target is never changed, a dangling link's target
never created. `kakeibo check` on a store holding every kind at once names each file and exits 1 in at most 2 s. The
store's items, read independently of kakeibo, are all still there afterwards: lost 0.

    scripts/reliability/filekinds.py        (KAKEIBO_SEED=S replays the order and the items)
"""
import os
import random
import resource
import shutil
import subprocess
import time

from common import KAKEIBO, Failure, Figures, Sandbox, read_store, require_binaries, seed_from_environment

PLANTS = ["link out", "dangling link", "/dev/zero", "FIFO", "directory", "40 GB sparse"]
MEMORY = 1 << 30
TIMEOUT = 60
CHECK_SECONDS = 2.0

# (file in the store, command that opens it, whether it is passed over rather than refused)
STORE_FILES = [
    ("2024-12.json", ["month", "2024", "12"], False),
    ("2024-12.json", ["add", "x", "5", "--date", "2024-12-04"], False),
    (".summary/2024-11.json", ["year", "2024"], True),
    ("budgets.json", ["budget", "list"], False),
    ("fixed.json", ["fixed", "list"], False),
    ("notes.json", ["review", "2024", "12"], False),
    ("rules.json", ["rules", "list"], False),
    ("sync-state.json", ["conflicts"], False),
    ("backups/000001/manifest.json", ["backups"], True),
    (".tx/COMMIT", ["month", "2024", "12"], False),
    (".lock", ["add", "x", "5", "--date", "2024-12-04"], False),
]
# (file in the configuration directory, command that reads it)
CONFIG_FILES = [("config.json", ["config", "list"]), ("categories.json", ["categories"])]


def household(rng):
    """A store with months, a budget, a fixed cost, a note, a rule, a sync state and backups; returns it and the
    ids of its items."""
    box = Sandbox("filekinds")
    for index in range(rng.randint(1, 3)):
        month = rng.choice(["2024-10", "2024-11", "2024-12"])
        run(box, ["add", "品%d" % index, str(rng.randint(1, 99999)), "--date", "%s-%02d" % (month, rng.randint(1, 28))], 0)
    run(box, ["add", "牛乳", "198", "--date", "2024-11-03"], 0)
    run(box, ["add", "パン", "128", "--date", "2024-12-03"], 0)
    for args in (["budget", "set", "food", "30000"], ["fixed", "add", "家賃", "80000", "--day", "27", "--category", "housing"],
                 ["review", "2024", "12", "--note", "hi"], ["rules", "add", "コンビニ", "food"]):
        run(box, args, 0)
    with open(os.path.join(box.store, "sync-state.json"), "w") as f:
        f.write('{"changeProtocol":true,"revision":1,"revisions":{},"deleted":{},"outbox":[],"conflicts":[]}\n')
    os.makedirs(os.path.join(box.store, ".tx"), exist_ok=True)
    return box


def run(box, args, status=None, env=None):
    result = box.run(args, timeout=TIMEOUT, env=env)
    if status is not None and result.status != status:
        raise Failure("expected exit %d: %s" % (status, result.describe()))
    return result


def plant(kind, path, outside, content="outside\n"):
    """Puts `kind` at `path` (what was there is kept aside by the caller); returns the link's target, if any."""
    if os.path.lexists(path):
        shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.unlink(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    target = None
    if kind == "link out":
        target = os.path.join(outside, "target-%d" % random.getrandbits(32))
        with open(target, "w") as f:
            f.write(content)
        os.symlink(target, path)
    elif kind == "dangling link":
        target = os.path.join(outside, "nothing-%d" % random.getrandbits(32))
        os.symlink(target, path)
    elif kind == "/dev/zero":
        os.symlink("/dev/zero", path)
    elif kind == "FIFO":
        os.mkfifo(path, 0o600)
    elif kind == "directory":
        os.mkdir(path)
    else:
        with open(path, "wb") as f:
            f.truncate(40 << 30)
    return target


def expect_refused(result, name, passed_over, what):
    text = result.error()
    if result.signalled or "Fatal error" in text:
        raise Failure("%s: trapped: %s" % (what, result.describe()))
    if passed_over:
        if result.status != 0:
            raise Failure("%s: expected the file passed over (exit 0): %s" % (what, result.describe()))
        return
    if result.status != 1 or len(text.strip().split("\n")) != 1 or name not in text:
        raise Failure("%s: expected exit 1 with one line naming %s: %s" % (what, name, result.describe()))


def expect_outside_untouched(target, kind, what, content="outside\n"):
    if kind == "link out" and open(target).read() != content:
        raise Failure("%s: the link's target outside the store was changed" % what)
    if kind == "dangling link" and os.path.lexists(target):
        raise Failure("%s: the dangling link's target was created" % what)


def store_case(rng, figures, name, args, passed_over, kind):
    box = household(rng)
    try:
        items = read_store(box.store)
        path = os.path.join(box.store, name)
        outside = os.path.join(box.root, "outside")
        os.makedirs(outside, exist_ok=True)
        aside = os.path.join(box.root, "aside")
        if os.path.isfile(path):
            shutil.copyfile(path, aside)
        target = plant(kind, path, outside)
        what = "%s as %s, kakeibo %s" % (name, kind, " ".join(args))
        if name == ".lock" and kind == "40 GB sparse":
            return  # a lock file is locked, never read: its size is no concern
        result = box.run(args, timeout=TIMEOUT)
        expect_refused(result, name, passed_over, what)
        expect_outside_untouched(target, kind, what)
        figures.add("refused" if not passed_over else "passed over")
        check = box.run(["check", "--format", "json"], timeout=TIMEOUT)
        report = check.json()
        if check.status != 1 or not any(p["file"] == name and p["severity"] == "error" for p in report["problems"]):
            raise Failure("%s: check did not name it as an error: %s" % (what, check.describe()))
        # The file put back as it was (unless a change replaced what was planted): every item must still be there.
        if not os.path.isfile(path) or os.path.islink(path) or os.path.getsize(path) > (1 << 30):
            shutil.rmtree(path) if os.path.isdir(path) and not os.path.islink(path) else os.unlink(path)
            if os.path.exists(aside):
                os.rename(aside, path)
        lost = set(items) - set(read_store(box.store))
        figures.add("lost", len(lost))
        if lost:
            raise Failure("%s: items lost: %s" % (what, sorted(lost)))
    finally:
        box.close()


def config_case(rng, figures, name, args, kind):
    box = Sandbox("filekinds-config")
    try:
        path = os.path.join(box.config, "kakeibo", name)
        outside = os.path.join(box.root, "outside")
        os.makedirs(outside, exist_ok=True)
        content = '{"timeout":30}\n' if name == "config.json" else "outside\n"
        target = plant(kind, path, outside, content)
        what = "%s as %s, kakeibo %s" % (name, kind, " ".join(args))
        result = box.run(args, timeout=TIMEOUT)
        if kind in ("link out", "dangling link"):
            # Read through a link (a dotfiles checkout: a dangling one is no file), but never written through one.
            if name == "config.json" and (result.status != 0 or (kind == "link out" and "30" not in result.text())):
                raise Failure("%s: expected the link read: %s" % (what, result.describe()))
            if name == "config.json":
                write = box.run(["config", "set", "timeout", "40"], timeout=TIMEOUT)
                expect_refused(write, name, False, "config set through " + what)
            expect_outside_untouched(target, kind, what, content)
            figures.add("read through a link")
            return
        expect_refused(result, name, False, what)
        figures.add("refused")
    finally:
        box.close()


def input_case(figures, kind):
    box = Sandbox("filekinds-input")
    try:
        path = os.path.join(box.scratch, "input")
        plant(kind, path, box.scratch)
        for args in (["import", path], ["import", path, "--from", "zaim"], ["receipt", path]):
            result = box.run(args, timeout=TIMEOUT)
            what = "%s as %s, kakeibo %s" % ("a named input", kind, " ".join(args[:1] + args[2:]))
            if result.status == 0 or result.signalled or "Fatal error" in result.error() or path not in result.error():
                raise Failure("%s: expected a refusal naming it: %s" % (what, result.describe()))
            figures.add("refused")
    finally:
        box.close()


def one_line_csv(figures):
    """A 50 MB CSV file of one line is refused (exit 2) before it is split into fields: peak memory at most the
    larger of 4 × the file and 100 MB."""
    box = Sandbox("filekinds-csv")
    try:
        path = os.path.join(box.scratch, "one-line.csv")
        with open(path, "w") as f:
            f.write("a," * 25_000_000)
        size = os.path.getsize(path)
        for source in ("zaim", "statement"):
            process = subprocess.Popen([KAKEIBO, "import", path, "--from", source], cwd=box.scratch, env=box.env,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            error = process.stderr.read().decode("utf-8", "replace")
            _, status, usage = os.wait4(process.pid, 0)
            process.returncode = os.waitstatus_to_exitcode(status)
            peak = usage.ru_maxrss * 1024
            figures.add("csv peak MB", max(0, peak // 1_000_000 - figures.counts.get("csv peak MB", 0)))
            if process.returncode != 2 or "longer than 1 MB" not in error:
                raise Failure("a 50 MB CSV of one line (--from %s): expected exit 2, refused: %d %s" % (
                    source, process.returncode, error.strip()[:200]))
            if peak > max(4 * size, 100_000_000):
                raise Failure("a 50 MB CSV of one line (--from %s): peak %d MB" % (source, peak // 1_000_000))
            figures.add("refused")
    finally:
        box.close()


def check_all_at_once(rng, figures):
    """One store holding every kind of file that is no file at once: `check` names each, exits 1, in ≤ 2 s."""
    box = household(rng)
    try:
        outside = os.path.join(box.root, "outside")
        os.makedirs(outside, exist_ok=True)
        names = sorted({name for name, _, _ in STORE_FILES} - {".lock"})
        kinds = {}
        for index, name in enumerate(names):
            kinds[name] = PLANTS[index % len(PLANTS)] if name != ".lock" else "FIFO"
            plant(kinds[name], os.path.join(box.store, name), outside)
        plant("FIFO", os.path.join(box.store, ".lock"), outside)
        kinds[".lock"] = "FIFO"
        with open(os.path.join(box.store, "2024-13.json"), "w") as f:
            f.write('{"schema":2,"month":"2024-13","items":[]}\n')
        kinds["2024-13.json"] = "named like a month"
        started = time.monotonic()
        check = box.run(["check", "--format", "json"], timeout=TIMEOUT)
        elapsed = time.monotonic() - started
        figures.add("check seconds", elapsed)
        report = check.json()
        named = {p["file"] for p in report["problems"] if p["severity"] == "error"}
        missing = sorted(set(kinds) - named)
        if check.status != 1 or missing:
            raise Failure("check on every kind at once: exit %d, not named: %s" % (check.status, missing))
        if elapsed > CHECK_SECONDS:
            raise Failure("check on every kind at once took %.2f s (at most %.1f)" % (elapsed, CHECK_SECONDS))
        figures.add("named at once", len(kinds))
    finally:
        box.close()


def main():
    require_binaries()
    seed = seed_from_environment()
    rng = random.Random(seed)
    figures = Figures("filekinds", seed)
    cases = [("store", entry, kind) for entry in STORE_FILES for kind in PLANTS]
    cases += [("config", entry, kind) for entry in CONFIG_FILES for kind in PLANTS]
    cases += [("input", None, kind) for kind in ("/dev/zero", "40 GB sparse", "directory")]
    rng.shuffle(cases)
    limit_memory_in_children()
    for family, entry, kind in cases:
        try:
            if family == "store":
                store_case(rng, figures, entry[0], entry[1], entry[2], kind)
            elif family == "config":
                config_case(rng, figures, entry[0], entry[1], kind)
            else:
                input_case(figures, kind)
            figures.add("cases")
        except Failure as failure:
            figures.fail(str(failure))
    for case in (check_all_at_once, lambda rng, figures: one_line_csv(figures)):
        try:
            case(rng, figures)
        except Failure as failure:
            figures.fail(str(failure))
    return figures.finish([
        "%d cases (%d kinds of file × %s): %d commands refused naming the file, %d passed over, %d configuration "
        "files read through a link (never written through one)" % (
            figures.counts.get("cases", 0), len(STORE_FILES) + len(CONFIG_FILES) + 1, ", ".join(PLANTS),
            figures.counts.get("refused", 0), figures.counts.get("passed over", 0), figures.counts.get("read through a link", 0)),
        "check on a store holding every kind at once: %d named, %.2f s (at most %.1f)" % (
            figures.counts.get("named at once", 0), figures.counts.get("check seconds", 0), CHECK_SECONDS),
        "a 50 MB CSV of one line refused before it is split: peak %d MB (at most 200)" % figures.counts.get("csv peak MB", 0),
        "every run under a %d MB memory limit; lost %d" % (MEMORY >> 20, figures.counts.get("lost", 0)),
    ])


def limit_memory_in_children():
    """Every kakeibo this suite starts runs under the memory limit (set here, inherited by each child)."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, resource.getrlimit(resource.RLIMIT_AS)[1]))


if __name__ == "__main__":
    raise SystemExit(main())
