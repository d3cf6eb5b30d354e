#!/usr/bin/env python3
"""A second household, three members, nine sources, against its truth over every order of setup, import and sync.

  Tests/Fixtures/household2 (make-household2.py) holds June 2024 as haru's MoneyForward ME, MyJCB, PayPay and 楽天銀行,
  mio's イオンカード and Zaim, sora's モバイルSuica saw it, with typed items and fixed costs, and the truth written
  first: spending, items, income, spending by member, transfers, stated balances and bills. Three stores against the
  shipped household server (server/Code.gs under Node). Each member adds the accounts that are theirs (mio also the
  イオンカード's 利用者区分 rules, haru the fixed costs and the settle-up), types their items and imports their own
  files before their first sync; then each member syncs twice, round-robin. Every member's month must equal the truth.

  An order is four choices, all enumerated by default (144 orders):
    setup   the order the members set up and import (6)
    sync    the order of the sync rounds (6)
    accounts  accounts, rules and fixed costs added before the member's imports, or after them (2)
    first   batched: every member sets up and imports, then two rounds of syncs; interleaved: each member syncs once
            right after their own imports (in setup order), then a second round in sync order (2)
  With batched, the setup order changes nothing the stores see (the clock is fixed and no store syncs until all have
  imported); it is enumerated anyway, so a difference would show.

    scripts/reliability/household-three.py [--verbose] [--order SETUP/SYNC/ACCOUNTS/FIRST] [--quick] [--items]
                                           [--settings-by own|MEMBER]

--order runs one order, e.g. haru,mio,sora/sora,mio,haru/accounts-first/interleaved. --quick runs 12: setup and
sync both haru,mio,sora, both sora,mio,haru, and the first with the second, each with the four accounts × first. --items lists, per order, the store's items and
the truth's purchases that differ (by date and price). --settings-by MEMBER has that one member add every account
and 利用者 rule (the default, own, has each member add their own). Exits 1 on any figure that is not the truth.
"""
import argparse
import itertools
import json
import os
import sys

from common import Failure, Figures, require_binaries
from convergence import HouseholdMember, ShippedServer

VERBOSE = False
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tests", "Fixtures", "household2")
YEAR, MONTH = "2024", "06"


class Member(HouseholdMember):
    indent = "  "

    def __init__(self, name, server):
        super().__init__(name, server, "three")
        self.conflicts = []

    @property
    def verbose(self):
        return VERBOSE

    def supports(self, command, option):
        return option in self.run(command, "--help", ok=None).text()

    def sync(self):
        """Syncs once; a conflict (exit 4) is kept in self.conflicts and the syncing goes on, as a user's would."""
        result = self.run("sync", "--format", "json", ok=(0, 4))
        if result.status == 4:
            message = [line for line in result.error().splitlines() if line.strip()]
            try:
                listed = result.json().get("conflicts")
            except ValueError:
                listed = None
            self.conflicts.append(message[-1] if message else "conflicts %s" % json.dumps(listed, ensure_ascii=False))
        return result


class Notes:
    """What this kakeibo could not do of the setup (an option it lacks), said once per run."""

    def __init__(self):
        self.said = set()

    def say(self, text):
        if text not in self.said:
            self.said.add(text)
            print("household-three: note: %s" % text)


def add_accounts(member, document, notes):
    setup = document["setup"]
    for account in setup["accounts"].get(member.name, []):
        args = ["accounts", "add", account["name"], "--kind", account["kind"]]
        if account["member"]:
            args += ["--member", account["member"]]
        for alias in account["aliases"]:
            args += ["--alias", alias]
        member.run(*args)
    scoped = member.supports("rules", "--account") if setup["statementUsers"].get(member.name) else False
    for rule in setup["statementUsers"].get(member.name, []):
        args = ["rules", "member", rule["user"], rule["member"]]
        if scoped:
            args += ["--account", rule["account"]]
        else:
            notes.say("'rules member' has no --account here: %s → %s applies to every statement's %s" % (
                rule["user"], rule["member"], rule["user"]))
        member.run(*args)
    fixed = setup["fixed"].get(member.name, [])
    for cost in fixed:
        member.run("fixed", "add", cost["name"], str(cost["price"]), "--day", str(cost["day"]), "--category", cost["category"],
                   "--payment", cost["payment"], "--member", cost["member"])
    if fixed:
        member.run("fixed", "post", YEAR, MONTH)
    settle = document["truth"]["settleUp"]
    if settle["payer"] == member.name:
        if member.supports("settle", "--record"):
            member.run("settle", "%s-%s" % (YEAR, MONTH), "--record", "--date", settle["date"], "--from", settle["payer"], "--to", settle["payee"],
                       "--amount", str(settle["amount"]))
        else:
            notes.say("'settle --record' is not in this kakeibo: the settle-up (%s → %s ¥%s) is recorded only by the bank's 振込 line" % (
                settle["payer"], settle["payee"], "{:,}".format(settle["amount"])))


def import_own(member, document):
    for typed in document["setup"]["typed"][member.name]:
        args = ["add", typed["name"], str(typed["price"]), "--date", typed["date"], "--category", typed["category"]]
        for key in ("payment", "shop"):
            if typed.get(key):
                args += ["--" + key, typed[key]]
        member.run(*args)
    for _, name in document["setup"]["files"][member.name]:
        member.run("import", os.path.join(FIXTURES, name))  # found from the file, as a user would import it


def setup_member(member, document, accounts, notes):
    member.run("config", "set", "member", member.name)
    if accounts == "accounts-first":
        add_accounts(member, document, notes)
        import_own(member, document)
    else:
        import_own(member, document)
        add_accounts(member, document, notes)


def bill_amount(bill):
    """A card's stated bill as `accounts list --format json` gives it ({"amount", "date", "from"}), or None."""
    return bill.get("amount") if isinstance(bill, dict) else bill


def figures_of(member):
    month = member.run("month", YEAR, MONTH, "--format", "json").json()
    transfers = member.run("month", YEAR, MONTH, "--transfers", "--format", "json").json()["transfers"]
    accounts = {a["name"]: a for a in member.run("accounts", "list", "--format", "json").json()}
    members = {}
    for item in month["items"]:
        key = item.get("member") or ""
        members[key] = members.get(key, 0) + item["price"]
    return {
        "spending": {"total": month["total"], "count": month["count"]},
        "income": {"total": month["income"], "count": len(month["incomeItems"])},
        "spendingByMember": members,
        "transfers": {"total": transfers["total"], "count": transfers["count"]},
        "statedBalances": {name: accounts.get(name, {}).get("statedBalance") for name in TRUTH["statedBalances"]},
        "statedBills": {name: bill_amount(accounts.get(name, {}).get("bill")) for name in TRUTH["statedBills"]},
        "accounts": sorted(accounts),
    }, month, transfers


def compare(got, want):
    """Each figure as 'name: got (truth T, off by D)'; returns (lines, mismatches)."""
    lines, bad = [], 0
    for key, truth in want.items():
        if key not in got:
            continue
        value = got[key]
        if isinstance(truth, dict) and key in ("spending", "income", "transfers"):
            ok = value == truth
            off = "" if ok else ", off by ¥%+d in %+d" % (value["total"] - truth["total"], value["count"] - truth["count"])
            lines.append("%s %-16s ¥%s in %d%s" % ("ok " if ok else "BAD", key, "{:,}".format(value["total"]), value["count"], off))
        else:
            names = sorted(set(truth) | set(value))
            ok = all(value.get(n) == truth.get(n) for n in names)
            parts = []
            for n in names:
                g, t = value.get(n), truth.get(n)
                parts.append("%s=%s" % (n or "(none)", g) if g == t else "%s=%s (truth %s)" % (n or "(none)", g, t))
            lines.append("%s %-16s %s" % ("ok " if ok else "BAD", key, ", ".join(parts)))
        bad += 0 if ok else 1
    return lines, bad


def item_difference(items, kind):
    """The store's items and the truth's events of a kind that differ, by (date, price): (only in the store, only in
    the truth)."""
    store = [(i["date"], i["price"], i["name"], i.get("member") if kind == "spend" else "%s → %s" % (i.get("payment"), i.get("transfer")))
             for i in items]
    truth = [("%s-%s-%02d" % (YEAR, MONTH, e["day"]), e["price"], e["id"], e.get("member") if kind == "spend" else "%s → %s" % (
        e["account"], e["to"])) for e in EVENTS if e["kind"] == kind]
    left = list(truth)
    extra = []
    for item in store:
        match = next((t for t in left if t[0] == item[0] and t[1] == item[1]), None)
        if match:
            left.remove(match)
        else:
            extra.append(item)
    return extra, left


def run_order(document, setup_order, sync_order, accounts, first, notes, show_items):
    server = ShippedServer()
    members = {name: Member(name, server) for name in document["setup"]["members"]}
    try:
        for name in setup_order:
            setup_member(members[name], document, accounts, notes)
            if first == "interleaved":
                members[name].sync()
        for round in range(1 if first == "interleaved" else 2):
            for name in sync_order:
                members[name].sync()
        results = {name: figures_of(members[name]) for name in document["setup"]["members"]}
        conflicts = {name: members[name].conflicts for name in members}
    finally:
        server.close()
        for member in members.values():
            member.box.close()
    label = "%s/%s/%s/%s" % (",".join(setup_order), ",".join(sync_order), accounts, first)
    print("order %s" % label)
    mismatches = 0
    months = []
    for name, (got, month, transfers) in results.items():
        lines, bad = compare(got, WANT)
        mismatches += bad
        months.append(json.dumps([month, transfers], sort_keys=True, ensure_ascii=False))
        print("  %s: %s" % (name, "every figure is the truth" if bad == 0 else "%d figures differ" % bad))
        for message in conflicts[name]:
            print("    sync exit 4: %s" % message)
        for line in lines:
            print("    " + line)
        if show_items:
            print("    accounts this store knows: %s" % ", ".join(got["accounts"]))
            for kind, items in (("spend", month["items"]), ("transfer", transfers["items"])):
                extra, missing = item_difference(items, kind)
                for item in extra:
                    print("    %s only in the store: %s ¥%s %s (%s)" % (kind, item[0], "{:,}".format(item[1]), item[2], item[3]))
                for event in missing:
                    print("    %s only in the truth: %s ¥%s %s (%s)" % (kind, event[0], "{:,}".format(event[1]), event[2], event[3]))
    agree = len(set(months)) == 1
    print("  members' months and transfers %s" % ("identical" if agree else "DIFFER"))
    if not agree and show_items:
        # Where the first two months that differ part, line by line.
        import difflib
        names = list(results)
        texts = [json.dumps(results[name][1:], sort_keys=True, ensure_ascii=False, indent=1).splitlines() for name in names]
        other = next(i for i in range(1, len(texts)) if texts[i] != texts[0])
        for line in list(difflib.unified_diff(texts[0], texts[other], names[0], names[other], n=2))[:40]:
            print("    " + line)
    signature = json.dumps({name: got for name, (got, _, _) in results.items()}, sort_keys=True, ensure_ascii=False)
    return mismatches + (0 if agree else 1), signature


def orders(options, members):
    accounts_choices = ["accounts-first", "imports-first"]
    first_choices = ["batched", "interleaved"]
    if options.order:
        parts = options.order.split("/")
        if len(parts) != 4 or sorted(parts[0].split(",")) != sorted(members) or sorted(parts[1].split(",")) != sorted(members) \
                or parts[2] not in accounts_choices or parts[3] not in first_choices:
            sys.exit("household-three: --order is SETUP/SYNC/ACCOUNTS/FIRST, e.g. %s/%s/accounts-first/batched" % (
                ",".join(members), ",".join(members)))
        return [(parts[0].split(","), parts[1].split(","), parts[2], parts[3])]
    perms = [list(p) for p in itertools.permutations(members)]
    if options.quick:
        perms = [perms[0], perms[-1]]
        return [(s, y, a, f) for s, y in zip(perms, perms) for a in accounts_choices for f in first_choices] + \
            [(perms[0], perms[-1], a, f) for a in accounts_choices for f in first_choices]
    return [(s, y, a, f) for s in perms for y in perms for a in accounts_choices for f in first_choices]


def main():
    global VERBOSE, TRUTH, WANT, EVENTS
    parser = argparse.ArgumentParser()
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--items", action="store_true")
    parser.add_argument("--order")
    parser.add_argument("--settings-by", default="own")
    options = parser.parse_args()
    VERBOSE = options.verbose
    require_binaries()
    with open(os.path.join(FIXTURES, "household2.json")) as f:
        document = json.load(f)
    if options.settings_by != "own":
        setup = document["setup"]
        if options.settings_by not in setup["members"]:
            sys.exit("household-three: --settings-by is own or one of %s" % ", ".join(setup["members"]))
        for key in ("accounts", "statementUsers"):
            setup[key] = {options.settings_by: [entry for member in setup["members"] for entry in setup[key].get(member, [])]}
        print("household-three: %s adds every account and 利用者 rule" % options.settings_by)
    TRUTH, EVENTS = document["truth"], document["events"]
    WANT = {key: TRUTH[key] for key in ("spending", "income", "spendingByMember", "transfers", "statedBalances", "statedBills")}
    figures = Figures("household-three")
    notes = Notes()
    print("truth: %s" % json.dumps(WANT, ensure_ascii=False))
    chosen = orders(options, document["setup"]["members"])
    outcomes = {}
    for setup_order, sync_order, accounts, first in chosen:
        try:
            bad, signature = run_order(document, setup_order, sync_order, accounts, first, notes, options.items)
        except Failure as failure:
            figures.fail("%s/%s/%s/%s: %s" % (",".join(setup_order), ",".join(sync_order), accounts, first, failure))
            continue
        outcomes.setdefault(signature, []).append("%s/%s/%s/%s" % (",".join(setup_order), ",".join(sync_order), accounts, first))
        figures.add("orders")
        if bad == 0:
            figures.add("orders equal to the truth")
    if len(chosen) > 1:
        print("distinct outcomes: %d" % len(outcomes))
        for signature, labels in outcomes.items():
            print("  %d orders, e.g. %s: %s" % (len(labels), labels[0], signature))
    failed = figures.counts.get("orders", 0) - figures.counts.get("orders equal to the truth", 0)
    if failed:
        figures.fail("%d of %d orders are not the truth in every member's store" % (failed, figures.counts.get("orders", 0)))
    return figures.finish([
        "nine sources, three members, %d orders: every member's month equals the truth in %d" % (
            figures.counts.get("orders", 0), figures.counts.get("orders equal to the truth", 0)),
    ])


if __name__ == "__main__":
    sys.exit(main())
