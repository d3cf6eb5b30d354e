#!/usr/bin/env python3
"""A household's month, end to end: two members, the shipped household server, everything a month brings.

  Two stores (ayumi and ken) against scripts/household-server (server/Code.gs under Node): both import their app
  exports, ayumi sets the split, switches the household to the household taxonomy and sets a budget, both add, edit
  and delete, ayumi undoes an edit after it was synced, both edit one item (a conflict, resolved), and after one more
  sync each both `month 2024 12 --format json` are equal (category names included, and tags: ayumi tags an item, ken
  takes one tag off, a rule's tag reaches ken with the rules), both `settle 2024-12` agree, both read each other's review notes, and
  `check` finds nothing the sync state can't explain. Every command and what it printed is shown with --verbose.

    scripts/reliability/household-month.py [--verbose]

The import step is `import_exports` below: today the app's JSON exports (the ExpenseLog format); when MoneyForward
ME and Zaim exports import with no mapping file, add `--from moneyforward` / `--from zaim` files there.
"""
import argparse
import json
import os
import sys

from common import Failure, Figures, Sandbox, require_binaries
from convergence import TOKEN, ShippedServer

VERBOSE = False


class Member:
    def __init__(self, name, server):
        self.name = name
        self.box = Sandbox("month-%s" % name)
        self.box.env.update({"KAKEIBO_ENDPOINT": server.endpoint, "KAKEIBO_TOKEN": TOKEN, "COLUMNS": "100"})

    def run(self, *args, ok=(0,), stdin=None):
        result = self.box.run(list(args), stdin=stdin)
        if VERBOSE:
            print("%s$ kakeibo %s  [exit %d]" % (self.name, " ".join(args), result.status))
            for line in (result.stdout.decode() + result.error()).splitlines():
                print("    " + line)
        if result.status not in ok:
            raise Failure("%s: %s" % (self.name, result.describe()))
        return result

    def sync(self, ok=(0,)):
        return self.run("sync", "--format", "json", ok=ok).json()

    def month(self, year="2024", month="12"):
        return self.run("month", year, month, "--format", "json").json()

    def ids(self):
        return {item["name"]: item["id"] for item in self.month()["items"]}


FIXTURES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "Tests", "Fixtures", "imports")
# October 2024 as each member's household app exported it: ayumi keeps MoneyForward ME (Shift_JIS), ken Zaim (UTF-8).
APP_EXPORTS = {"ayumi": ("moneyforward", "moneyforward-2024-10-household.csv"), "ken": ("zaim", "zaim-2024-10-household.csv")}


def import_exports(member, items):
    """Each member's exports, imported with no mapping file: the app's JSON (December), and October from the
    household app the member keeps (MoneyForward ME or Zaim), which must import whole into the default categories."""
    path = member.box.write("export.json", json.dumps(items, ensure_ascii=False))
    member.run("import", path)
    source, fixture = APP_EXPORTS[member.name]
    imported = member.run("import", "--from", source, os.path.join(FIXTURES, fixture), "--format", "json").json()
    if imported.get("unmapped") or imported.get("added", 0) == 0:
        raise Failure("%s's %s export: %s" % (member.name, source, imported))


def exports():
    def item(id, day, name, price, category, sub=None):
        return {"id": id, "date": "202412%02d" % day, "name": name, "price": price, "category": category, "categorySub": sub}
    ayumi = [item("a-1", 1, "スーパー", 3280, 0, 0), item("a-2", 3, "電車", 420, 1), item("a-3", 5, "映画", 1900, 1, 2)]
    ken = [item("k-1", 2, "コンビニ", 640, 0, 1), item("k-2", 4, "ランチ", 980, 0, 2), item("k-3", 6, "本", 1540, 1, 3)]
    return ayumi, ken


def main():
    global VERBOSE
    parser = argparse.ArgumentParser()
    parser.add_argument("--verbose", action="store_true")
    VERBOSE = parser.parse_args().verbose
    require_binaries()
    figures = Figures("household-month")
    server = ShippedServer()
    ayumi, ken = Member("ayumi", server), Member("ken", server)
    try:
        for member in (ayumi, ken):
            member.run("config", "set", "member", member.name)
        ayumi.run("config", "set", "split", "ayumi=60,ken=40")
        first, second = exports()
        import_exports(ayumi, first)
        import_exports(ken, second)
        ayumi.sync()
        ken.sync()
        ayumi.sync()
        figures.add("syncs", 3)

        # The household's settings: the taxonomy and budgets (a yearly 特別費 fund and a rolled one among them: schema
        # 4), set on one machine, reach the other.
        ayumi.run("categories", "init", "--preset", "household")
        ayumi.run("budget", "set", "food", "60000")
        ayumi.run("budget", "set", "特別費", "240000", "--yearly")
        ayumi.run("budget", "set", "daily", "20000", "--rollover", "--from", "2024-11")
        ayumi.run("rules", "add", "セブン", "food/drink", "--tag", "＃コンビニ")
        ayumi.sync()
        received = ken.sync()
        figures.add("syncs", 2)
        filed = ken.run("rules", "test", "セブン-イレブン").stdout.decode()
        if filed.count("food") == 0 or "#コンビニ" not in filed:
            raise Failure("ken's rules don't file セブン-イレブン as ayumi's rule says (with its tag): " + filed)
        if sorted(received.get("settingsReceived", [])) != ["budgets", "categories", "rules"]:
            raise Failure("ken took %s of the household's settings" % received.get("settingsReceived"))
        kinds = {b["category"]: (b["yearly"], b["rollover"]) for b in json.loads(ken.run("budget", "list", "--format", "json").stdout)["budgets"]}
        if not kinds.get("special", (False,))[0] or not kinds.get("daily", (False, None))[1]:
            raise Failure("ken's budgets lack ayumi's yearly fund or rolled budget: %s" % kinds)

        # Both add, edit and delete.
        ayumi.run("add", "米", "2400", "--date", "2024-12-07", "--member", "ayumi")
        ken.run("add", "ガソリン", "5200", "--date", "2024-12-08", "--member", "ken")
        ids = ayumi.ids()
        ids.update({name: id for name, id in ken.ids().items() if name not in ids})
        ayumi.run("edit", ids["電車"], "--price", "440")
        ken.run("delete", ken.ids()["本"])
        ayumi.sync()
        ken.sync()
        ayumi.sync()
        figures.add("syncs", 3)

        # Tags: ayumi tags her rice, ken takes one tag off it; ken's item filed by the rule carries the rule's tag.
        ayumi.run("edit", ids["米"], "--tag", "帰省", "--tag", "#旅行")
        ken.run("add", "セブン-イレブン", "450", "--date", "2024-12-09")
        ayumi.sync()
        ken.sync()
        ken.run("edit", ids["米"], "--untag", "旅行")
        ken.sync()
        ayumi.sync()
        figures.add("syncs", 4)

        # ayumi undoes an edit after it was synced: the undo is a change the next sync sends.
        ayumi.run("edit", ids["スーパー"], "--price", "9999")
        ayumi.sync()
        undo = ayumi.run("undo")
        if ": edit スーパー" not in undo.stdout.decode():
            raise Failure("the first undo after a sync did not undo ayumi's edit: " + undo.stdout.decode())
        ayumi.sync()
        figures.add("syncs", 2)

        # Both edit one item: the second sync is a conflict (exit 4), resolved by keeping the server's.
        ken.sync()
        ayumi.run("edit", ids["映画"], "--price", "1800")
        ken.run("edit", ids["映画"], "--price", "2000")
        ayumi.sync()
        conflicted = ken.sync(ok=(4,))
        if conflicted.get("conflictCount") != 1:
            raise Failure("the conflict was not counted: %s" % conflicted)
        ken.run("conflicts")
        ken.run("resolve", ids["映画"], "theirs")
        figures.add("conflicts")

        # The review notes are the household's: each writes one month's, both read both (one year, one setting).
        ayumi.run("review", "2024-12", "--note", "外食が多かった。来月は自炊を増やす")
        ken.run("review", "2024-11", "--note", "初めての月。ガソリン代は車の項目へ")
        ayumi.sync()
        ken.sync()
        ayumi.sync()
        figures.add("syncs", 3)
        notes = [[m.run("review", month, "--format", "json").json().get("note") for month in ("2024-11", "2024-12")] for m in (ayumi, ken)]
        if notes[0] != notes[1] or None in notes[0]:
            raise Failure("the review notes differ or are missing: %s / %s" % (notes[0], notes[1]))
        figures.add("notes")

        # One more sync each: both months equal, names included, and both settle alike.
        ayumi.sync()
        ken.sync()
        figures.add("syncs", 4)
        months = [m.month() for m in (ayumi, ken)]
        if months[0] != months[1]:
            raise Failure("the two months differ:\n%s\n%s" % (json.dumps(months[0], ensure_ascii=False), json.dumps(months[1], ensure_ascii=False)))
        octobers = [m.month("2024", "10") for m in (ayumi, ken)]
        if octobers[0] != octobers[1] or octobers[0]["count"] == 0:
            raise Failure("the two Octobers (the app exports) differ or are empty")
        if {item.get("member") for item in octobers[0]["items"]} != {"ayumi", "ken"}:
            raise Failure("October's imported items are not each member's: %s" % {item.get("member") for item in octobers[0]["items"]})
        october_settles = [m.run("settle", "2024-10", "--format", "json").json() for m in (ayumi, ken)]
        if october_settles[0] != october_settles[1]:
            raise Failure("October's settle differs: %s / %s" % (october_settles[0], october_settles[1]))
        figures.add("imported rows", octobers[0]["count"] + len(octobers[0]["incomeItems"]))
        names = {item["name"]: item["price"] for item in months[0]["items"]}
        expected = {"スーパー": 3280, "電車": 440, "映画": 1800, "コンビニ": 640, "ランチ": 980, "米": 2400, "ガソリン": 5200, "セブン-イレブン": 450}
        if names != expected:
            raise Failure("the month holds %s, expected %s" % (names, expected))
        tags = {item["name"]: item["tags"] for item in months[0]["items"] if item["tags"]}
        if tags != {"米": ["帰省"], "セブン-イレブン": ["コンビニ"]}:
            raise Failure("the month's tags are %s, expected 米 #帰省 and セブン-イレブン #コンビニ" % tags)
        by_tag = [m.run("month", "2024", "12", "--by", "tag", "--format", "json").json() for m in (ayumi, ken)]
        if by_tag[0] != by_tag[1]:
            raise Failure("month --by tag differs: %s / %s" % (by_tag[0], by_tag[1]))
        figures.add("tags")
        settles = [m.run("settle", "2024-12", "--format", "json").json() for m in (ayumi, ken)]
        if settles[0] != settles[1]:
            raise Failure("settle differs: %s / %s" % (settles[0], settles[1]))
        for member in (ayumi, ken):
            result, report = member.box.check()
            if result.status != 0 or report.get("problems"):
                raise Failure("%s: check found %s" % (member.name, report.get("problems")))
        figures.add("equal months")
    except Failure as failure:
        figures.fail(str(failure))
    finally:
        server.close()
        for member in (ayumi, ken):
            member.box.close()
    return figures.finish([
        "two members: %d syncs, %d conflict resolved, %d rows of MoneyForward ME and Zaim exports imported with no mapping, months and settle equal: %s, tags equal: %s, review notes equal: %s" % (
            figures.counts.get("syncs", 0), figures.counts.get("conflicts", 0), figures.counts.get("imported rows", 0),
            "yes" if figures.counts.get("equal months") else "no", "yes" if figures.counts.get("tags") else "no",
            "yes" if figures.counts.get("notes") else "no"),
    ])


if __name__ == "__main__":
    sys.exit(main())
