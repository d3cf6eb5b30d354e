"""What the reliability suites share: the built binaries, a private store per run, running kakeibo, snapshots of the
store's bytes, reading month files independently of kakeibo, the household test server, and the figures each suite
prints.

The suites drive the real binaries (.build/debug unless KAKEIBO_BIN says otherwise) with a fixed clock and locale,
never touching the developer's own store. Nothing sleeps to wait for a result: a suite sleeps only to choose the
moment of a kill, and waits for processes and answers.
"""
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("KAKEIBO_BIN", os.path.join(ROOT, ".build", "debug"))
KAKEIBO = os.path.join(BIN, "kakeibo")
# The companion kakeibo execs from its own directory (pull, push, sync): the suites run `kakeibo` only.
COMPANIONS = ["kakeibo-companion"]
SERVER = os.path.join(ROOT, "Tests", "EndToEndTests", "Support", "household_server.py")
NOW = "2024-12-15T09:00:00Z"


def seed_from_environment(default_source=None):
    """The suite's seed: $KAKEIBO_SEED to replay a run, else a fresh one (always printed)."""
    text = os.environ.get("KAKEIBO_SEED")
    if text:
        return int(text)
    return random.SystemRandom().randrange(1, 2**31)


class Result:
    def __init__(self, args, status, stdout, stderr):
        self.args = args
        self.status = status  # negative: killed by that signal
        self.stdout = stdout
        self.stderr = stderr

    @property
    def signalled(self):
        return self.status < 0

    def text(self):
        return self.stdout.decode("utf-8", "replace")

    def error(self):
        return self.stderr.decode("utf-8", "replace")

    def json(self):
        return json.loads(self.stdout)

    def describe(self):
        return "kakeibo %s -> %d: %s" % (" ".join(repr(a)[:80] for a in self.args), self.status, self.error().strip()[:300])


class Sandbox:
    """A private home: a store, a config directory and a scratch directory, removed by `close`."""

    def __init__(self, name, root=None):
        self.root = tempfile.mkdtemp(prefix="kakeibo-%s-" % name, dir=root)
        self.store = os.path.join(self.root, "store")
        self.config = os.path.join(self.root, "config")
        self.scratch = os.path.join(self.root, "scratch")
        os.makedirs(self.scratch)
        self.env = {
            "HOME": self.root,
            "KAKEIBO_HOME": self.store,
            "XDG_CONFIG_HOME": self.config,
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "KAKEIBO_NOW": NOW,
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        }

    def close(self):
        shutil.rmtree(self.root, ignore_errors=True)

    def spawn(self, args, stdin=None, env=None, **kwargs):
        return subprocess.Popen(
            [KAKEIBO] + list(args), cwd=self.scratch, env=dict(self.env, **(env or {})),
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)

    def run(self, args, stdin=None, env=None, timeout=120, prefix=()):
        process = subprocess.Popen(
            list(prefix) + [KAKEIBO] + list(args), cwd=self.scratch, env=dict(self.env, **(env or {})),
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            out, err = process.communicate(stdin, timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
            raise Failure("timed out after %d s: kakeibo %s" % (timeout, " ".join(args)))
        return Result(list(args), process.returncode, out, err)

    def write(self, name, data):
        path = os.path.join(self.scratch, name)
        with open(path, "wb") as f:
            f.write(data if isinstance(data, bytes) else data.encode())
        return path

    def snapshot(self):
        return snapshot(self.store)

    def check(self):
        """`kakeibo check --format json`: its status and report."""
        result = self.run(["check", "--format", "json"])
        try:
            report = result.json()
        except ValueError:
            raise Failure("kakeibo check printed no JSON: " + result.describe())
        return result, report


def snapshot(directory):
    """Every file under the directory and its bytes (the lock file aside: it holds no data)."""
    files = {}
    for base, dirs, names in os.walk(directory):
        for name in names:
            path = os.path.join(base, name)
            if name in (".lock", ".push-lock") or not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                files[os.path.relpath(path, directory)] = f.read()
        for name in dirs:
            files.setdefault(os.path.relpath(os.path.join(base, name), directory) + "/", b"<dir>")
    return files


def snapshot_difference(before, after):
    changed = sorted(k for k in set(before) | set(after) if before.get(k) != after.get(k))
    return ", ".join(changed[:8]) + (" …" if len(changed) > 8 else "")


MONTH_FIELDS = {"id", "date", "name", "price", "category", "subcategory", "sync", "added"}
# An item's optional fields: its details and tags, and the ledger's (a transfer's account, the item a line is merged
# into, a split line's mark).
DETAIL_FIELDS = {"tags", "payment", "shop", "memo", "member", "personal", "reimbursed", "transfer", "merged", "apart"}


def read_store(store):
    """Every item of the store, read with Python's own JSON parser (not kakeibo's): {id: item}. Raises Failure for a
    month file that doesn't parse, is misshapen, or for an id found twice."""
    items = {}
    if not os.path.isdir(store):
        return items
    for name in sorted(os.listdir(store)):
        if not (len(name) == 12 and name.endswith(".json") and name[4] == "-"):
            continue
        path = os.path.join(store, name)
        try:
            with open(path, "rb") as f:
                document = json.loads(f.read().decode("utf-8"))
        except (ValueError, UnicodeDecodeError) as error:
            raise Failure("%s does not parse: %s" % (path, error))
        if set(document) != {"schema", "month", "items"} or document["month"] != name[:7]:
            raise Failure("%s is misshapen: keys %s" % (path, sorted(document)))
        for item in document["items"]:
            tags = item.get("tags", ["-"])  # tags are optional: when there, a list of words, never an empty one
            # A line merged into another item names that item's id (text, never empty).
            merged = item.get("merged", "-")
            if set(item) - DETAIL_FIELDS != MONTH_FIELDS or not item["date"].startswith(name[:7]) or not (isinstance(merged, str) and merged) or not (
                    isinstance(tags, list) and tags and all(isinstance(t, str) and t and " " not in t for t in tags)):
                raise Failure("%s holds a misshapen item: %r" % (path, item))
            if item["id"] in items:
                raise Failure("id %s is in the store twice" % item["id"])
            items[item["id"]] = item
    return items


class Failure(Exception):
    pass


class Figures:
    """A suite's counts and failures, printed as one summary at the end."""

    def __init__(self, suite, seed=None):
        self.suite = suite
        self.seed = seed
        self.counts = {}
        self.failures = []
        self.started = time.monotonic()
        if seed is not None:
            print("%s: seed %d (replay with KAKEIBO_SEED=%d)" % (suite, seed, seed), flush=True)

    def add(self, name, amount=1):
        self.counts[name] = self.counts.get(name, 0) + amount

    def fail(self, message):
        self.failures.append(message)
        print("%s: FAILED: %s" % (self.suite, message), flush=True)

    def finish(self, lines):
        elapsed = time.monotonic() - self.started
        for line in lines:
            print("%s: %s" % (self.suite, line))
        print("%s: failures: %d (%.1f s)" % (self.suite, len(self.failures), elapsed), flush=True)
        return 1 if self.failures else 0


def thousands(n):
    return "{:,}".format(n)


class HouseholdServer:
    """The household test server (Tests/EndToEndTests/Support/household_server.py) on 127.0.0.1, driven through its
    stdin and stdout, as the Swift end-to-end tests drive it."""

    def __init__(self):
        self.process = subprocess.Popen(
            [sys.executable, SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        first = self.process.stdout.readline()
        if not first.startswith("listening "):
            raise Failure("household_server.py said %r" % first)
        self.port = int(first.split()[1])
        self.endpoint = "http://127.0.0.1:%d/exec" % self.port

    def command(self, command):
        self.process.stdin.write(json.dumps(command, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def seed(self, sheets):
        return self.command({"cmd": "seed", "sheets": sheets})

    def fail(self, how, method="GET", month=None, times=1, seconds=3, **extra):
        command = dict({"cmd": "fail", "how": how, "method": method, "times": times, "seconds": seconds}, **extra)
        if month:
            command["month"] = month
        return self.command(command)

    def close(self):
        try:
            self.process.stdin.close()
        except OSError:
            pass
        self.process.wait(timeout=10)


def wire_item(rng, month, index, prefix):
    """A valid item in the server's wire format, dated in `month` ("2024-12")."""
    year, number = int(month[:4]), int(month[5:7])
    day = rng.randint(1, 28)
    item = {"id": "%s-%s-%d-%08x" % (prefix, month, index, rng.getrandbits(32)), "date": "%04d%02d%02d" % (year, number, day),
            "name": rng.choice(["牛乳", "コーヒー", "電車", "本", "Bread", "タオル"]) + str(index), "price": rng.randint(1, 20000),
            "category": rng.choice([0, 1])}
    sub = rng.choice([None, 0, 1, 2])
    if sub is not None:
        item["categorySub"] = sub
    return item


def require_binaries():
    for path in [KAKEIBO] + [os.path.join(BIN, name) for name in COMPANIONS]:
        if not os.access(path, os.X_OK):
            sys.exit("%s is missing: run 'swift build' first (or set KAKEIBO_BIN)" % path)


def kill_at(process, delay_us):
    """Sends SIGKILL `delay_us` microseconds after `process` was spawned; True if it was still running then."""
    if delay_us > 0:
        time.sleep(delay_us / 1e6)
    if process.poll() is not None:
        return False
    process.send_signal(signal.SIGKILL)
    return True
