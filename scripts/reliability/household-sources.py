#!/usr/bin/env python3
"""One household month from eight overlapping sources, end to end, against its truth.

  Tests/Fixtures/household (make-household.py) holds November 2024 as MoneyForward ME, Zaim, the 楽天カード, Vpass,
  PayPay and ゆうちょ statements, typed items and a fixed cost saw it, and the truth: spending, items, income,
  spending by member, transfers, the bank's balance. Two stores (ayumi and ken) against the shipped household server
  (server/Code.gs under Node): ayumi sets up the household's accounts and the 利用者 mapping, each member types
  their items and imports their own files before their first sync, then both sync until nothing moves. Both months
  must equal the truth; importing every file again and syncing changes nothing.

    scripts/reliability/household-sources.py [--verbose] [--order ayumi-first|ken-first] [--before]

--before runs what the kakeibo of today can (no accounts, no fixed cost's member or payment) and prints how far its
month is from the truth: the figures before accounts and merging.
"""
import argparse
import json
import os
import sys

from common import Failure, Figures, require_binaries
from convergence import HouseholdMember, ShippedServer

VERBOSE = False
HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(os.path.dirname(os.path.dirname(HERE)), "Tests", "Fixtures", "household")


class Member(HouseholdMember):
    def __init__(self, name, server):
        super().__init__(name, server, "sources")

    @property
    def verbose(self):
        return VERBOSE

    def sync(self):
        return self.run("sync", "--format", "json").json()

    def month(self):
        return self.run("month", "2024", "11", "--format", "json").json()


def figures_of(month):
    spending = {"total": month["total"], "count": month["count"]}
    income = {"total": month["income"], "count": len(month["incomeItems"])}
    members = {}
    for item in month["items"]:
        key = item.get("member") or ""
        members[key] = members.get(key, 0) + item["price"]
    return {"spending": spending, "income": income, "spendingByMember": members}


def setup(member, document, before):
    setup = document["setup"]
    member.run("config", "set", "member", member.name)
    if member.name == "ayumi":
        if not before:
            for account in setup["accounts"]:
                args = ["accounts", "add", account["name"], "--kind", account["kind"]]
                if account["member"]:
                    args += ["--member", account["member"]]
                for alias in account["aliases"]:
                    args += ["--alias", alias]
                member.run(*args)
        for user, name in setup["statementUsers"].items():
            member.run("rules", "member", user, name)
        for cost in setup["fixed"]:
            args = ["fixed", "add", cost["name"], str(cost["price"]), "--day", str(cost["day"]), "--category", cost["category"]]
            if not before:
                args += ["--payment", cost["payment"], "--member", cost["member"]]
            member.run(*args)
        member.run("fixed", "post", "2024", "11")
    for typed in setup["typed"][member.name]:
        args = ["add", typed["name"], str(typed["price"]), "--date", typed["date"], "--category", typed["category"]]
        for key in ("payment", "shop"):
            if typed.get(key):
                args += ["--" + key, typed[key]]
        member.run(*args)


def import_files(member, document):
    for source, name in document["setup"]["files"][member.name]:
        member.run("import", "--from", source, os.path.join(FIXTURES, name))


def sync_until_still(members, limit=4):
    """Syncs each member in turn until a round moves nothing; returns the rounds it took."""
    for round in range(1, limit + 1):
        moved = 0
        for member in members:
            answer = member.sync()
            moved += answer.get("pushed", 0) + answer.get("pulled", 0)
        if moved == 0:
            return round
    raise Failure("the stores still moved after %d rounds of syncing" % limit)


def main():
    global VERBOSE
    parser = argparse.ArgumentParser()
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--before", action="store_true")
    parser.add_argument("--order", choices=["ayumi-first", "ken-first"], default="ayumi-first")
    options = parser.parse_args()
    VERBOSE = options.verbose
    require_binaries()
    with open(os.path.join(FIXTURES, "household.json")) as f:
        document = json.load(f)
    truth = document["truth"]
    figures = Figures("household-sources")
    server = ShippedServer()
    ayumi, ken = Member("ayumi", server), Member("ken", server)
    order = [ayumi, ken] if options.order == "ayumi-first" else [ken, ayumi]
    try:
        for member in order:
            setup(member, document, options.before)
            import_files(member, document)
        rounds = sync_until_still(order)
        months = [figures_of(m.month()) for m in order]
        want = {"spending": truth["spending"], "income": truth["income"], "spendingByMember": truth["spendingByMember"]}
        print("truth: %s" % json.dumps(want, ensure_ascii=False))
        for member, month in zip(order, months):
            print("%s: %s" % (member.name, json.dumps(month, ensure_ascii=False)))
        if options.before:
            return 0
        for member, month in zip(order, months):
            if month != want:
                raise Failure("%s's month is not the truth" % member.name)
        figures.add("sync rounds", rounds)
        # Everything again: nothing moves.
        for member in order:
            import_files(member, document)
        if sync_until_still(order) != 1 or [figures_of(m.month()) for m in order] != months:
            raise Failure("importing every file again changed something")
        figures.add("equal months")
    except Failure as failure:
        figures.fail(str(failure))
    finally:
        server.close()
        for member in (ayumi, ken):
            member.box.close()
    return figures.finish([
        "eight sources, two members (%s): both months equal the truth: %s, after %d sync rounds" % (
            options.order, "yes" if figures.counts.get("equal months") else "no", figures.counts.get("sync rounds", 0)),
    ])


if __name__ == "__main__":
    sys.exit(main())
