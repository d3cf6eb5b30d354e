#!/usr/bin/env python3
"""Corruption suite: a store with a damaged month file, a read-only store, a disk that is full. Each command that
needs what is damaged (or must write) fails with a clear error naming the file and exit 1, changes no file of the
store, and the other months stay readable (and, when only a file is damaged, writable).

Damage, each to 2024-11.json of a three-month store: truncated, invalid UTF-8, a value of the wrong type, a newer
schema version, an empty file, a directory where the file should be.

A read-only store: as a non-root user, the store chmod'ed read-only; as root (which file permissions don't stop), a
read-only bind mount in a private mount namespace if this machine permits one, else the commands run as the user
nobody against a store it owns but may not write. A full disk: the store on a small tmpfs filled up, if mounting one is
permitted; else an LD_PRELOAD shim, compiled here with gcc, that makes write() and fsync() on regular files fail with
ENOSPC (nothing in kakeibo itself knows about it). The suite says which it used.

    scripts/reliability/corruption.py
"""
import json
import os
import random
import shutil
import subprocess
import sys

from common import (KAKEIBO, ROOT, Failure, Figures, HouseholdServer, Result, Sandbox, read_store, require_binaries, snapshot,
                    snapshot_difference, wire_item)

MONTHS = ["2024-10", "2024-11", "2024-12"]
BAD = "2024-11"
IN_NAMESPACE = "KAKEIBO_CORRUPTION_NAMESPACE"
# Set to try the fallbacks for machines where mounts aren't permitted: running as nobody, the ENOSPC shim.
NO_MOUNTS = os.environ.get("KAKEIBO_CORRUPTION_NO_MOUNTS") == "1"
shown = set()


def main():
    require_binaries()
    reexec_in_private_mount_namespace()
    figures = Figures("corruption")
    server = HouseholdServer()
    server.seed({BAD: [wire_item(random.Random(1), BAD, 0, "server")]})  # so a pull has something to write
    methods = {}
    try:
        for name, damage in DAMAGE:
            run_case(name, lambda rng, damage=damage: damaged_month(rng, damage), figures, server)
        methods["read-only"] = run_case("read-only store", read_only_store, figures, server)
        methods["no space"] = run_case("full disk", full_disk, figures, server)
        methods["outputs"] = output_cases(figures)
        overflow_cases(figures)
    finally:
        server.close()
    for name, case in TAMPERING:
        try:
            case(figures)
            figures.add("tampering cases")
        except Failure as failure:
            figures.fail("%s: %s" % (name, failure))
    return figures.finish([
        "%d cases (%s), %d failing commands: each exit 1 naming the file, no file of the store changed" % (
            figures.counts.get("cases", 0), ", ".join(name for name, _ in DAMAGE) + ", read-only store, full disk, outputs, overflow",
            figures.counts.get("refused", 0)),
        "%d checks that the other months are still readable, %d writes to them that succeeded beside a damaged month" % (
            figures.counts.get("readable", 0), figures.counts.get("writable", 0)),
        "read-only store by %s; full disk by %s" % (methods.get("read-only", "?"), methods.get("no space", "?")),
        "%d outputs into the store refused (exit 2, store byte-identical); %d failed writes of stdout and stderr each exit 1 "
        "naming the error (%s); %d broken pipes ended quietly by SIGPIPE" % (
            figures.counts.get("output refused", 0), figures.counts.get("write error", 0), methods.get("outputs", "?"),
            figures.counts.get("broken pipe", 0)),
        "%d reports over impossible or overflowing month summaries: no trap, each total the month files' own (%d), "
        "%d month files with prices beyond Int refused naming the file" % (
            figures.counts.get("overflow report", 0), figures.counts.get("overflow variants", 0),
            figures.counts.get("overflow month file", 0)),
        "%d of %d store-tampering cases hold (%s)" % (
            figures.counts.get("tampering cases", 0), len(TAMPERING), ", ".join(name for name, _ in TAMPERING)),
    ])


# MARK: Damage


def truncate(path):
    data = open(path, "rb").read()
    open(path, "wb").write(data[: len(data) // 2])


def invalid_utf8(path):
    data = open(path, "rb").read()
    index = data.index(b'"name":"') + 8
    open(path, "wb").write(data[:index] + b"\xff\xfe\xc3" + data[index + 3:])


def wrong_type(path):
    data = open(path, "rb").read()
    start = data.index(b'"price":') + 8
    end = data.index(b",", start)
    open(path, "wb").write(data[:start] + b'"' + data[start:end] + b'"' + data[end:])


def newer_schema(path):
    data = open(path, "rb").read()
    open(path, "wb").write(data.replace(b'"schema":1', b'"schema":99', 1))


def empty(path):
    open(path, "wb").close()


def directory(path):
    os.unlink(path)
    os.mkdir(path, 0o700)
    open(os.path.join(path, "2024-11.json"), "wb").write(b"{}")


DAMAGE = [("truncated", truncate), ("invalid UTF-8", invalid_utf8), ("wrong type", wrong_type),
          ("newer schema", newer_schema), ("empty file", empty), ("directory", directory)]


# MARK: Cases


def make_store(box, rng):
    items = [wire_item(rng, month, i, "base") for month in MONTHS for i in range(20)]
    result = box.run(["import", box.write("base.json", json.dumps(items, ensure_ascii=False))])
    if result.status != 0:
        raise Failure(result.describe())
    return items


def run_case(name, build, figures, server):
    """Builds a store and spoils it as `build` says, then runs every command that must fail and those that must not.

    `build(rng)` gives the sandbox, how to undo what it did outside it, how it did it, the damaged file (None when
    no file is damaged: every write must fail instead), whether the other months stay writable, and how to run
    kakeibo there."""
    rng = random.Random(name)
    box, cleanup = None, None
    try:
        box, cleanup, method, failing_file, writable, runner = build(rng)
        figures.add("cases")
        items = json.loads(open(os.path.join(box.scratch, "base.json")).read())
        ids = {month: [it["id"] for it in items if it["date"].startswith(month.replace("-", ""))] for month in MONTHS}
        moves = [wire_item(rng, BAD, 1, "imp"), wire_item(rng, "2024-12", 2, "imp")]
        import_file = box.write("more.json", json.dumps(moves, ensure_ascii=False))
        failing = [
            ["add", "牛乳", "200", "--date", "2024-11-05"],
            ["import", import_file],
            ["edit", ids["2024-12"][0], "--date", "2024-11-20"],
            ["undo"],
            ["pull", "2024", "11", "--endpoint", server.endpoint],
        ]
        if failing_file is not None:  # a damaged month: reading it fails too
            failing = [["month", "2024", "11"], ["year", "2024"], ["check"]] + failing
        else:  # nothing to read is wrong, but nothing may be written
            failing += [["delete", ids["2024-12"][1]], ["budget", "set", "total", "100000"], ["add", "x", "1", "--date", "2024-12-01"]]
        for args in failing:
            before = snapshot(box.store)
            result = runner(box, args)
            after = snapshot(box.store)
            where = failing_file or box.store
            if result.status != 1 or result.signalled or "Fatal error" in result.error():
                figures.fail("%s: %s should exit 1: %s" % (name, " ".join(args[:3]), result.describe()))
            elif where not in result.error():
                figures.fail("%s: %s does not name %s: %s" % (name, " ".join(args[:3]), where, result.error().strip()))
            elif before != after:
                figures.fail("%s: %s changed the store: %s" % (name, " ".join(args[:3]), snapshot_difference(before, after)))
            else:
                figures.add("refused")
                if args[0] == "add" and name not in shown:
                    shown.add(name)
                    print("corruption: %s: %s" % (name, result.error().strip()), flush=True)
        # The other months are still readable; and, when only a file is damaged, writable.
        for month in ("2024-10", "2024-12"):
            result = runner(box, ["month", "2024", month[5:], "--format", "json"])
            if result.status != 0 or result.json()["count"] != 20:
                figures.fail("%s: month %s is no longer readable: %s" % (name, month, result.describe()))
            else:
                figures.add("readable")
        if writable:
            result = runner(box, ["add", "パン", "300", "--date", "2024-12-02"])
            if result.status != 0:
                figures.fail("%s: a write to another month failed: %s" % (name, result.describe()))
            else:
                figures.add("writable")
        return method
    except Failure as failure:
        figures.fail("%s: %s" % (name, failure))
    finally:
        if cleanup:
            cleanup()
        if box:
            box.close()


def plain(box, args):
    return box.run(args)


def damaged_month(rng, damage):
    box = Sandbox("corruption")
    make_store(box, rng)
    damage(os.path.join(box.store, BAD + ".json"))
    return box, None, "damaged %s.json" % BAD, os.path.join(box.store, BAD + ".json"), True, plain


# MARK: A read-only store


def read_only_store(rng):
    box = Sandbox("corruption-ro")
    make_store(box, rng)
    if os.geteuid() != 0:
        os.chmod(box.store, 0o500)
        return box, lambda: os.chmod(box.store, 0o700), "chmod (not root)", None, False, plain
    if not NO_MOUNTS and subprocess.run(["mount", "--bind", box.store, box.store], capture_output=True).returncode == 0:
        if subprocess.run(["mount", "-o", "remount,bind,ro", box.store, box.store], capture_output=True).returncode == 0:
            return box, lambda: subprocess.run(["umount", box.store]), "a read-only bind mount (root)", None, False, plain
        subprocess.run(["umount", box.store])
    # Root, and no mounts: run kakeibo as nobody, against a store nobody owns but may not write.
    for path in (box.root, box.scratch):
        os.chmod(path, 0o755)
    for base, dirs, files in os.walk(box.store):
        for entry in dirs + files:
            os.chown(os.path.join(base, entry), 65534, 65534)
    os.chown(box.store, 65534, 65534)
    for base, dirs, files in os.walk(box.store):
        for entry in files:
            os.chmod(os.path.join(base, entry), 0o400)
        for entry in dirs:
            os.chmod(os.path.join(base, entry), 0o500)
    os.chmod(box.store, 0o500)
    nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    return box, None, "running as nobody, the store chmod'ed read-only (root; mounts not permitted)", None, False, \
        lambda b, args: b.run(args, prefix=nobody)


# MARK: A full disk


SHIM = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>
static int regular(int fd) { struct stat info; return fstat(fd, &info) == 0 && S_ISREG(info.st_mode); }
ssize_t write(int fd, const void *buffer, size_t count) {
    static ssize_t (*real)(int, const void *, size_t);
    if (!real) real = dlsym(RTLD_NEXT, "write");
    if (regular(fd)) { errno = ENOSPC; return -1; }
    return real(fd, buffer, count);
}
int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = dlsym(RTLD_NEXT, "fsync");
    if (regular(fd)) { errno = ENOSPC; return -1; }
    return real(fd);
}
"""


def full_disk(rng):
    box = Sandbox("corruption-full")
    mount = os.path.join(box.root, "disk")
    os.mkdir(mount, 0o700)
    if not NO_MOUNTS and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", mount], capture_output=True).returncode == 0:
        box.store = box.env["KAKEIBO_HOME"] = os.path.join(mount, "store")
        make_store(box, rng)
        fill(os.path.join(mount, "filler"))  # beside the store, on the same small disk
        return box, lambda: subprocess.run(["umount", mount]), "a 1 MB tmpfs, filled up", None, False, plain
    make_store(box, rng)
    source = box.write("enospc.c", SHIM)
    library = os.path.join(box.scratch, "enospc.so")
    compiler = shutil.which("gcc") or shutil.which("clang") or shutil.which("cc")
    if not compiler:
        raise Failure("no C compiler (gcc, clang) to build the ENOSPC shim with")
    compiled = subprocess.run([compiler, "-shared", "-fPIC", "-O2", "-o", library, source, "-ldl"], capture_output=True, text=True)
    if compiled.returncode != 0:
        raise Failure("%s could not build the ENOSPC shim: %s" % (compiler, compiled.stderr))
    return box, None, "an LD_PRELOAD shim failing write() and fsync() with ENOSPC (tmpfs mounts not permitted)", None, False, \
        lambda b, args: b.run(args, env={"LD_PRELOAD": library})


# MARK: Outputs: never into the store, write errors are errors


def run_to(box, args, stdout, stderr=subprocess.PIPE, pass_fds=()):
    """kakeibo with stdout (and stderr) where the case says: a file, /dev/full, a closed descriptor, a pipe."""
    process = subprocess.Popen([KAKEIBO] + list(args), cwd=box.scratch, env=box.env, stdin=subprocess.DEVNULL,
                               stdout=stdout, stderr=stderr, pass_fds=pass_fds)
    _, err = process.communicate(timeout=120)
    return Result(list(args), process.returncode, b"", err or b"")


def output_cases(figures):
    """--output into the store (by name, by `..`, by a symlinked directory or file) is refused before anything is
    written; stdout on a full disk, /dev/full or a closed descriptor is exit 1 naming the error; a pipe closed by
    the reader ends kakeibo by SIGPIPE without a message. The store is byte-identical after every one."""
    rng = random.Random("outputs")
    box = Sandbox("corruption-out")
    mounted = None
    try:
        make_store(box, rng)
        result = box.run(["budget", "set", "total", "100000"])
        if result.status != 0:
            raise Failure(result.describe())
        figures.add("cases")
        os.symlink(box.store, os.path.join(box.scratch, "linked"))
        os.symlink(os.path.join(box.store, "2024-12.json"), os.path.join(box.scratch, "month-link.json"))
        name = os.path.basename(box.store)
        targets = [os.path.join(box.store, "2024-12.json"), os.path.join(box.store, "budgets.json"),
                   os.path.join(box.store, "..", name, "2024-10.json"), "../store/new.json", "linked/2024-11.json",
                   "month-link.json", os.path.join(box.store, "backups", "x.json"), os.path.join(box.store, ".summary", "2024-12.json")]
        for command in (["export", "2024", "11"], ["month", "2024", "11"], ["year", "2024"], ["trend", "--end", "2024-12"]):
            for target in targets:
                before = snapshot(box.store)
                result = box.run(command + ["--output", target])
                if result.status != 2 or box.store not in result.error() or snapshot(box.store) != before:
                    figures.fail("output into the store: %s" % result.describe())
                else:
                    figures.add("output refused")
        print("corruption: output into the store: %s" % result.error().strip(), flush=True)
        # Stdout that can't take the output: a filled tmpfs (if mounts are permitted), /dev/full, a closed descriptor.
        sinks = []
        disk = os.path.join(box.root, "disk")
        os.mkdir(disk, 0o700)
        method = "/dev/full and a closed stdout (tmpfs mounts not permitted)"
        if not NO_MOUNTS and subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs", disk], capture_output=True).returncode == 0:
            mounted = disk
            fill(os.path.join(disk, "filler"))
            sinks.append(("a full tmpfs", lambda: open(os.path.join(disk, "backup.json"), "wb"), "ENOSPC"))
            method = "a filled 1 MB tmpfs, /dev/full and a closed stdout"
        sinks.append(("/dev/full", lambda: open("/dev/full", "wb"), "ENOSPC"))
        for sink, make, code in sinks:
            for command in (["export"], ["month", "2024", "12"], ["check"], ["year", "2024", "--format", "csv"], RECONCILE):
                with make() as f:
                    before = snapshot(box.store)
                    result = run_to(box, command, f)
                expect_write_error(figures, box, sink, result, code, before)
        for command in (["export"], ["month"], RECONCILE):
            before = snapshot(box.store)
            # Descriptor 1 closed in the child: Popen's stdout=-1 can't say that, so a preexec closes it.
            process = subprocess.Popen([KAKEIBO] + command, cwd=box.scratch, env=box.env, stdin=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))
            _, err = process.communicate(timeout=120)
            expect_write_error(figures, box, "closed stdout", Result(command, process.returncode, b"", err), "EBADF", before)
        # A reader that stops early (`kakeibo export | head -c 1`): no message, ended by SIGPIPE like cat or grep.
        for command in (["export"], RECONCILE):
            read, write = os.pipe()
            os.close(read)
            with os.fdopen(write, "wb") as f:
                result = run_to(box, command, f)
            if result.status != -13 or result.error():
                figures.fail("broken pipe: %s should end by SIGPIPE without a message: %s" % (command[0], result.describe()))
            else:
                figures.add("broken pipe")
        return method
    except Failure as failure:
        figures.fail("outputs: %s" % failure)
    finally:
        if mounted:
            subprocess.run(["umount", mounted])
        box.close()


# A command that reads a statement and writes nothing to the store: its output meets the same sinks.
RECONCILE = ["reconcile", os.path.join(ROOT, "Tests", "Fixtures", "imports", "paypay-2024-12.csv")]


def expect_write_error(figures, box, sink, result, code, before):
    if result.status != 1 or result.signalled or code not in result.error() or "standard output" not in result.error():
        figures.fail("%s: %s should exit 1 naming %s: %s" % (sink, " ".join(result.args[:3]), code, result.describe()))
    elif snapshot(box.store) != before:
        figures.fail("%s: %s changed the store" % (sink, " ".join(result.args[:3])))
    else:
        figures.add("write error")
        if sink not in shown:
            shown.add(sink)
            print("corruption: %s: %s" % (sink, result.error().strip()), flush=True)


# MARK: Totals that would overflow


OVERFLOWS = [("Int.max", 9223372036854775807, 1), ("Int.min", -9223372036854775808, 1), ("1e17", 99999999999999999, 1),
             ("count Int.max", 9223372036854775807, 9223372036854775807), ("count beyond the file", 5000000000, 2 ** 40),
             ("1e18 × 2", 10 ** 18, 1)]


def overflow_cases(figures):
    """Month summaries (`.summary/*.json`) whose totals no month file could add up to, with the fingerprint of the
    month file kept: year, trend and month must not trap and must show the month files' own totals (¥300). A month
    file with a price beyond Int (or the item limit) is refused naming it."""
    box = Sandbox("corruption-overflow")
    try:
        figures.add("cases")
        for args in (["add", "お茶", "100", "--date", "2024-11-03"], ["add", "ご飯", "200", "--date", "2024-12-03"]):
            result = box.run(args)
            if result.status != 0:
                raise Failure(result.describe())
        reports = [(["year", "2024", "--format", "json"], lambda r: r["total"]),
                   (["trend", "--end", "2024-12", "--months", "3", "--format", "json"], lambda r: r["total"]),
                   (["month", "2024", "12", "--format", "json"], lambda r: r["total"]),
                   (["year", "2024"], None), (["trend", "--end", "2024-12"], None), (["month", "2024", "12"], None)]
        for label, total, count in OVERFLOWS:
            figures.add("overflow variants")
            for month in ("2024-11", "2024-12"):
                path = os.path.join(box.store, ".summary", month + ".json")
                summary = json.load(open(path))
                for row in summary["sums"]:
                    row["total"], row["count"] = total, count
                open(path, "w").write(json.dumps(summary))
            before = snapshot(box.store)
            for args, total_of in reports:
                result = box.run(args)
                wrong = result.status != 0 or result.signalled or "runtime failure" in result.error()
                if not wrong and total_of and total_of(result.json()) != (300 if args[0] != "month" else 200):
                    wrong = True
                if wrong or snapshot(box.store) != before:
                    figures.fail("overflowing summary (%s): %s" % (label, result.describe()))
                else:
                    figures.add("overflow report")
        for price in ("9223372036854775807", "-9223372036854775808", "99999999999999999999", "10000000000"):
            path = os.path.join(box.store, "2024-12.json")
            saved = open(path, "rb").read()
            data = saved.replace(b'"price":200', b'"price":' + price.encode())
            open(path, "wb").write(data)
            before = snapshot(box.store)
            for args in (["year", "2024"], ["trend", "--end", "2024-12"], ["month", "2024", "12"], ["check"]):
                result = box.run(args)
                if result.status != 1 or result.signalled or path not in result.error() or snapshot(box.store) != before:
                    figures.fail("month file priced %s: %s" % (price, result.describe()))
                else:
                    figures.add("overflow month file")
            open(path, "wb").write(saved)
    except Failure as failure:
        figures.fail("overflow: %s" % failure)
    finally:
        box.close()


def fill(path):
    """Writes until the file system is full."""
    with open(path, "wb", buffering=0) as f:
        block = b"\0" * 65536
        while True:
            try:
                f.write(block)
            except OSError:
                break
        block = b"\0" * 512
        while True:
            try:
                f.write(block)
            except OSError:
                return


# MARK: A user tampering with the store's files


def expect(result, status, words, what):
    if result.status != status or any(word not in result.error() for word in words):
        raise Failure("%s: expected exit %d mentioning %s: %s" % (what, status, words, result.describe()))


def symlinked_month(figures):
    """A month file that is a symbolic link to a file kept elsewhere: reading or writing that month is refused (exit 1
    naming it; the link and its target untouched: kakeibo opens no link inside the store), other months are written,
    and `undo` then undoes the latest change."""
    box = Sandbox("tamper-link")
    try:
        expect(box.run(["add", "a", "100", "--date", "2024-12-01"]), 0, [], "add")
        target = os.path.join(box.scratch, "december.json")
        os.rename(os.path.join(box.store, "2024-12.json"), target)
        os.symlink(target, os.path.join(box.store, "2024-12.json"))
        kept = open(target, "rb").read()
        expect(box.run(["add", "b", "200", "--date", "2024-12-02"]), 1, ["symbolic link", "2024-12.json"], "add into a linked month")
        if not os.path.islink(os.path.join(box.store, "2024-12.json")) or open(target, "rb").read() != kept:
            raise Failure("the refused add changed the link or its target")
        expect(box.run(["month", "2024", "12"]), 1, ["symbolic link", "2024-12.json"], "reading a linked month")
        expect(box.run(["add", "c", "300", "--date", "2024-11-02"]), 0, [], "add into another month")
        expect(box.run(["undo"]), 0, [], "undo after a refused write")
        if os.path.exists(os.path.join(box.store, "2024-11.json")):
            raise Failure("undo did not undo the latest change (the add into 2024-11)")
    finally:
        box.close()


def unreadable_newest_backup(figures):
    """The newest backup's record can't be read: `undo` says so and undoes nothing (never the older change behind
    it); `check` reports it."""
    box = Sandbox("tamper-undo")
    try:
        expect(box.run(["add", "a", "100", "--date", "2024-11-01"]), 0, [], "add")
        expect(box.run(["add", "b", "200", "--date", "2024-12-01"]), 0, [], "add")
        backups = os.path.join(box.store, "backups")
        newest = sorted(os.listdir(backups))[-1]
        with open(os.path.join(backups, newest, "manifest.json"), "wb") as f:
            f.write(b"{\"schema\":2,\"numb")  # as root, permissions can't make it unreadable; damage does
        before = box.snapshot()
        expect(box.run(["undo"]), 1, ["#%d" % int(newest), "can't be read"], "undo with an unreadable newest backup")
        if box.snapshot() != before:
            raise Failure("undo changed the store: " + snapshot_difference(before, box.snapshot()))
        result, report = box.check()
        if not any("backup" in problem.get("kind", "") for problem in report["problems"]):
            raise Failure("check does not report the unreadable backup: %s" % report["problems"])
    finally:
        box.close()


def leftover_temporary_files(figures):
    """Temporary files of killed writes (their process is gone) are removed by the next write: in the store, and
    beside an `export --output` target. Backup numbers past 18 digits keep counting up."""
    box = Sandbox("tamper-temp")
    try:
        dead = subprocess.Popen(["true"])
        dead.wait()
        stale_store = os.path.join(box.store, ".2024-12.json.tmp-%d" % dead.pid)
        stale_output = os.path.join(box.scratch, ".out.json.tmp-%d" % dead.pid)
        expect(box.run(["add", "a", "100", "--date", "2024-12-01"]), 0, [], "add")
        for path in (stale_store, stale_output):
            open(path, "wb").write(b"half" * 1000)
        huge = os.path.join(box.store, "backups", "999999999999999999")
        os.makedirs(huge)
        expect(box.run(["add", "b", "200", "--date", "2024-12-02"]), 0, [], "add")
        expect(box.run(["add", "c", "300", "--date", "2024-12-03"]), 0, [], "add")
        expect(box.run(["export", "--output", os.path.join(box.scratch, "out.json")]), 0, [], "export --output")
        left = [path for path in (stale_store, stale_output) if os.path.exists(path)]
        if left:
            raise Failure("temporary files of a dead process stayed: %s" % left)
        numbers = [n for n in os.listdir(os.path.join(box.store, "backups")) if len(n) > 18]
        if len(numbers) != 2:
            raise Failure("after a backup numbered 999999999999999999 two changes made %s" % sorted(numbers))
        expect(box.run(["undo"]), 0, [], "undo")
        expect(box.run(["undo"]), 0, [], "undo")
        if len(read_store(box.store)) != 1:
            raise Failure("two undos after backups past 18 digits did not leave the first item alone")
    finally:
        box.close()


TAMPERING = [("symlinked month", symlinked_month), ("unreadable newest backup", unreadable_newest_backup),
             ("leftover temporary files and huge backup numbers", leftover_temporary_files)]


def reexec_in_private_mount_namespace():
    """As root, runs the suite in a mount namespace of its own, so the mounts it makes vanish with it, even if it is
    killed. Where that isn't permitted, it runs as it is (and mounts, if it may, are undone as each case ends)."""
    if os.geteuid() != 0 or os.environ.get(IN_NAMESPACE) or not shutil.which("unshare"):
        return
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", "true"], capture_output=True)
    if probe.returncode != 0:
        return
    os.environ[IN_NAMESPACE] = "1"
    sys.stdout.flush()
    os.execvp("unshare", ["unshare", "--mount", "--propagation", "private", sys.executable] + sys.argv)


if __name__ == "__main__":
    sys.exit(main())
