#!/usr/bin/env python3
"""Endpoints, secrets and the server's limits: what a store synced with one server does at the next one.

Each case prints its figure; a case fails when the figure is not its target.

  household→household  a store synced 3 items with one shipped server (server/Code.gs under Node), then its endpoint
                       names another household's: the other member's items received after `sync --all` (target 3),
                       and the items left here after `check`'s advice and a `pull 2024 11` (target 3)
  app→household        the same from the ExpenseLog app's endpoint (the strict stand-in) to the shipped server
  household→app        from the shipped server to the app's endpoint: a pull there is refused until `sync --all`
                       (items left here, target 3; items the app has after `sync --all`, target 3)
  secret in the path   the app's URL with its secret after /exec: times the secret is shown, files of the store
                       holding it (target 0, 0)
  token to the app     a token set for the app's endpoint: refused with the reason (exit 2), at sync and `config set`
  rules, accounts      rules.json and accounts.json grown past the server's cell (45,000): the add or edit that
                       would pass it is refused (exit 2), the file stays within it
  notes merged         two members' notes of one year merged past the cell: the sync and `check` say so, exit 1

    scripts/reliability/endpoints.py [--verbose]
"""
import argparse
import json
import os
import subprocess
import sys

from common import ROOT, Failure, Figures, Sandbox, require_binaries
from convergence import TOKEN, ShippedServer

VERBOSE = False
APP_SERVER = os.path.join(ROOT, "Tests", "EndToEndTests", "Support", "app_server.py")


class AppServer:
    """Tests/EndToEndTests/Support/app_server.py: the ExpenseLog app's endpoint, strict."""

    def __init__(self, token=None):
        self.process = subprocess.Popen([sys.executable, APP_SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        first = self.process.stdout.readline()
        if not first.startswith("listening "):
            raise Failure("app_server.py said %r" % first)
        self.endpoint = "http://127.0.0.1:%d/exec" % int(first.split()[1])
        if token:
            self.command({"cmd": "configure", "token": token, "redirect": True, "strict": True})
            self.endpoint += "/" + token

    def command(self, command):
        self.process.stdin.write(json.dumps(command, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def ids(self):
        return sorted(str(row.get("id")) for rows in self.command({"cmd": "state"})["sheets"].values() for row in rows)

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=10)


class Member:
    def __init__(self, name, endpoint, token=TOKEN):
        self.name = name
        self.box = Sandbox("endpoints-%s" % name)
        self.box.env.update({"KAKEIBO_ENDPOINT": endpoint})
        self.token(token)

    def token(self, token):
        """The token for the shipped server; none for the app's endpoint, whose protocol has none."""
        if token:
            self.box.env["KAKEIBO_TOKEN"] = token
        else:
            self.box.env.pop("KAKEIBO_TOKEN", None)

    def run(self, *args, ok=None, stdin=None):
        result = self.box.run(list(args), stdin=stdin)
        if VERBOSE:
            print("%s$ kakeibo %s  [exit %d]" % (self.name, " ".join(args), result.status))
            for line in (result.stdout.decode() + result.error()).splitlines():
                print("    " + line)
        if ok is not None and result.status not in ok:
            raise Failure("%s: %s" % (self.name, result.describe()))
        return result

    def ids(self):
        month = self.run("month", "2024", "11", "--format", "json", ok=(0,)).json()
        return sorted(item["id"] for item in month["items"])

    def close(self):
        self.box.close()


def add_three(member, category="food/drink"):
    for name, price, day in (("牛乳", 178, 3), ("卵", 260, 4), ("パン", 320, 5)):
        member.run("add", name, str(price), "--date", "2024-11-%02d" % day, "--category", category, ok=(0,))
    return member.ids()


def to_household(figures, first, label):
    """`first` holds 3 synced items; its endpoint now names `second`, whose household has a member of its own."""
    second = ShippedServer()
    try:
        ours = first.ids()
        first.box.env["KAKEIBO_ENDPOINT"] = second.endpoint
        first.token(TOKEN)
        sync = first.run("sync", "--format", "json")
        other = Member("other", second.endpoint)
        other.run("sync", "--format", "json", ok=(0,))
        got_before = len(set(other.ids()) & set(ours))
        check = first.run("check")
        said = check.stdout.decode() + check.error()
        advice = "kakeibo pull" in said and "sync --all" not in said
        # What check advised on main: a pull of the month. Whatever it advises now, a pull never takes them away.
        first.run("pull", "2024", "11")
        kept = len(set(first.ids()) & set(ours))
        every = first.run("sync", "--all", "--format", "json")
        other.run("sync", "--format", "json", ok=(0,))
        got = len(set(other.ids()) & set(ours))
        check_after = first.run("check")
        print("%s: plain sync exit %d (%s); the other member got %d of 3 before --all; check exit %d, advises %s; %d of 3 left here after `pull 2024 11`; sync --all exit %d; the other member got %d of 3; check after exit %d"
              % (label, sync.status, "says it" if "sync --all" in sync.error() else "silent", got_before, check.status,
                 "pull" if advice else "sync --all", kept, every.status, got, check_after.status))
        figures.add(label + " received", got)
        if kept != 3:
            figures.fail("%s: following check's advice left %d of 3 items here" % (label, kept))
        if got != 3:
            figures.fail("%s: the other member received %d of 3 items after sync --all" % (label, got))
        if "sync --all" not in sync.error():
            figures.fail("%s: the first sync with the new household did not say what to run" % label)
        if check.status != 1 or advice:
            figures.fail("%s: check exit %d, advice %r" % (label, check.status, said[:200]))
        if check_after.status != 0:
            figures.fail("%s: check after sync --all: %s" % (label, check_after.error()[:300]))
        other.close()
    finally:
        second.close()


def household_to_household(figures):
    first_server = ShippedServer()
    first = Member("first", first_server.endpoint)
    try:
        add_three(first)
        first.run("sync", ok=(0,))
        to_household(figures, first, "household→household")
    finally:
        first.close()
        first_server.close()


def app_to_household(figures):
    app = AppServer()
    first = Member("first", app.endpoint, token=None)
    try:
        add_three(first)
        first.run("push", ok=(0,))
        to_household(figures, first, "app→household")
    finally:
        first.close()
        app.close()


def household_to_app(figures):
    server = ShippedServer()
    first = Member("first", server.endpoint)
    app = AppServer()
    try:
        ours = add_three(first)
        first.run("sync", ok=(0,))
        first.box.env["KAKEIBO_ENDPOINT"] = app.endpoint
        first.token(None)
        pull = first.run("pull", "2024", "11")
        kept = len(set(first.ids()) & set(ours))
        every = first.run("sync", "--all")
        has = len(set(app.ids()) & set(ours))
        pull_after = first.run("pull", "2024", "11")
        print("household→app: pull exit %d (%s); %d of 3 left here; sync --all exit %d; the app has %d of 3; pull after exit %d"
              % (pull.status, pull.error().strip()[:90] or "silent", kept, every.status, has, pull_after.status))
        figures.add("household→app kept", kept)
        if kept != 3:
            figures.fail("household→app: a pull from the app's endpoint left %d of 3 items here" % kept)
        if has != 3:
            figures.fail("household→app: the app has %d of 3 items after sync --all" % has)
        if pull_after.status != 0:
            figures.fail("household→app: a pull after sync --all: %s" % pull_after.describe())
    finally:
        first.close()
        server.close()
        app.close()


SECRET = "s3cretPathKey-51d0e8"


def secret_in_path(figures):
    """The app's URL with its secret after /exec: how many times the secret is shown (config list, get, push, a
    refused endpoint) and how many files of the store hold it. Target 0 and 0."""
    app = AppServer(token=SECRET)
    member = Member("secret", app.endpoint, token=None)
    try:
        box = member.box
        box.env.pop("KAKEIBO_ENDPOINT")
        member.run("config", "set", "endpoint", app.endpoint, ok=(0,))
        add_three(member)
        said = ""
        for args in (("config", "list"), ("config", "get", "endpoint"), ("push",), ("pull", "2024", "11"),
                     ("config", "set", "endpoint", "ftp://example.com/exec/" + SECRET)):
            result = member.run(*args)
            said += result.text() + result.error()
        shown = said.count(SECRET)
        files = 0
        for directory, _, names in os.walk(box.store):
            for name in names:
                with open(os.path.join(directory, name), "rb") as f:
                    files += SECRET.encode() in f.read()
        sent = len(app.ids())
        print("secret in the path: shown %d times, in %d files of the store; the app got %d of 3 items" % (shown, files, sent))
        figures.add("secret shown", shown)
        if shown or files:
            figures.fail("the endpoint's secret was shown %d times and is in %d files of the store" % (shown, files))
        if sent != 3:
            figures.fail("the app got %d of 3 items through the endpoint with its secret" % sent)
    finally:
        member.close()
        app.close()


def token_to_app(figures):
    """A token set while the endpoint is the app's: refused with the reason (exit 2), nothing sent; and `config set
    token` once the store knows the endpoint is the app's."""
    app = AppServer()
    member = Member("token", app.endpoint, token="t0ken-never-sent")
    try:
        add_three(member)
        push = member.run("push")
        sent = len(app.ids())
        member.token(None)
        member.run("push", ok=(0,))
        setting = member.run("config", "set", "token", stdin=b"t0ken-never-sent\n")
        print("token to the app: push exit %d (%s), %d items sent with it; config set token then exit %d"
              % (push.status, "says why" if "app's protocol" in push.error() else "silent", sent, setting.status))
        if push.status != 2 or "app's protocol" not in push.error():
            figures.fail("a token set for the app's endpoint: push exit %d, %r" % (push.status, push.error()[:200]))
        if setting.status != 2:
            figures.fail("config set token for a known app endpoint: exit %d" % setting.status)
    finally:
        member.close()
        app.close()


def rules_past_the_cell(figures):
    """rules.json of short rules, added one by one past the server's cell: the length the file reaches (target: at
    most 45,000) and the exit of the add that would pass it (target 2)."""
    member = Member("rules", "http://127.0.0.1:1/exec", token=None)
    try:
        rules = ['{"pattern":"shop-%d-%s","category":"food"}' % (n, "x" * 40) for n in range(700)]
        os.makedirs(member.box.store, exist_ok=True)
        with open(os.path.join(member.box.store, "rules.json"), "w") as f:
            f.write('{"schema":1,"rules":[%s],"members":{}}' % ",".join(rules[:400]))
        statuses = []
        for n in range(400, 700):
            statuses.append(member.run("rules", "add", "shop-%d-%s" % (n, "x" * 40), "food").status)
            if statuses[-1] != 0:
                break
        with open(os.path.join(member.box.store, "rules.json"), encoding="utf-8") as f:
            length = len(f.read().encode("utf-16-le")) // 2
        print("rules past the cell: %d rules added one by one, rules.json reached %s characters; the add past it exit %d"
              % (len(statuses) - 1, "{:,}".format(length), statuses[-1]))
        if length > 45000 or statuses[-1] != 2:
            figures.fail("rules past the cell: %d characters, exit %d" % (length, statuses[-1]))
    finally:
        member.close()


def accounts_past_the_cell(figures):
    """One account's aliases past the server's cell: the exit of the edit that would pass it (target 2)."""
    member = Member("accounts", "http://127.0.0.1:1/exec", token=None)
    try:
        aliases = ['"ｶｰﾄﾞ別名%d-abcdefgh"' % n for n in range(2000)]
        os.makedirs(member.box.store, exist_ok=True)
        with open(os.path.join(member.box.store, "accounts.json"), "w", encoding="utf-8") as f:
            f.write('{"schema":1,"accounts":[{"name":"楽天カード","kind":"card","member":null,"aliases":[%s]}]}' % ",".join(aliases))
        extra = []
        for n in range(300):
            extra += ["--alias", "ﾗｸﾃﾝ別名-%d-%s" % (n, "z" * 15)]
        edit = member.run("accounts", "edit", "楽天カード", *extra)
        with open(os.path.join(member.box.store, "accounts.json"), encoding="utf-8") as f:
            length = len(f.read().encode("utf-16-le")) // 2
        print("accounts past the cell: accounts edit exit %d; accounts.json %s characters" % (edit.status, "{:,}".format(length)))
        if edit.status != 2 or length > 45000:
            figures.fail("accounts past the cell: exit %d, %d characters" % (edit.status, length))
    finally:
        member.close()


def notes_merged_past_the_cell(figures):
    """Two members' notes of one year (2,000 emoji a month: 24,000 code units each half year) merged by a sync:
    the merging sync's exit (target 1) and check's (target 1)."""
    server = ShippedServer()
    a, b = Member("notes-a", server.endpoint), Member("notes-b", server.endpoint)
    try:
        note = "🍙" * 2000
        for month in range(1, 7):
            a.run("review", "2024", str(month), "--note", note, ok=(0,))
        for month in range(7, 13):
            b.run("review", "2024", str(month), "--note", note, ok=(0,))
        a.run("sync", ok=(0,))
        merged = b.run("sync")
        check = b.run("check")
        said = "says it" if "notes-2024" in merged.error() else "silent"
        print("notes merged past the cell: the merging sync exit %d (%s); check exit %d" % (merged.status, said, check.status))
        if merged.status != 1 or check.status != 1 or said == "silent":
            figures.fail("notes merged past the cell: sync exit %d (%s), check exit %d" % (merged.status, said, check.status))
    finally:
        a.close()
        b.close()
        server.close()


def main():
    global VERBOSE
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--verbose", action="store_true")
    arguments = parser.parse_args()
    VERBOSE = arguments.verbose
    require_binaries()
    figures = Figures("endpoints")
    for case in (household_to_household, app_to_household, household_to_app, secret_in_path, token_to_app, rules_past_the_cell,
                 accounts_past_the_cell, notes_merged_past_the_cell):
        try:
            case(figures)
        except Failure as failure:
            figures.fail("%s: %s" % (case.__name__, failure))
    return figures.finish([])


if __name__ == "__main__":
    sys.exit(main())
