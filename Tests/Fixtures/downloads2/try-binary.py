#!/usr/bin/env python3
"""Import each fixture here with a built kakeibo, as a new user would, and compare with expected.json.

    python3 try-binary.py [PATH-TO-kakeibo] [--layouts]

For each file, in a fresh store under /tmp: `kakeibo import FILE` with no flags (after a dry run in JSON for the
months it would change); then the same import again (it must add nothing). A refused file is given to
`--layout-init`, and the written layout is tried with `--layout` (the user's only edit would be the account's
name). With --layouts, the hand-written layouts layouts/index.json names for each file are tried too. Prints one JSON object per file on
stdout (the 'before' table is made from it); nothing outside /tmp is written.
"""
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = next((a for a in sys.argv[1:] if not a.startswith("--")), "/work/main/.build/debug/kakeibo")
WORK = Path("/tmp/kakeibo-downloads2")
EXPECTED = json.loads((HERE / "expected.json").read_text())


def run(*args):
    p = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr.strip()


def store(name, tag):
    path = WORK / f"{name}-{tag}"
    shutil.rmtree(path, ignore_errors=True)
    return str(path)


def months(stdout):
    try:
        data = json.loads(stdout)
    except json.JSONDecodeError:
        return None
    spending, income, aside = {}, {}, []
    for f in data.get("files", []):
        for m in f.get("months", []):
            spending[m["month"]] = spending.get(m["month"], 0) + m["spending"]
            income[m["month"]] = income.get(m["month"], 0) + m["income"]
        aside += f.get("setAside", [])
    return {"spending": spending, "income": income, "setAside": aside}


def verdict(exp, got):
    if got is None:
        return "?"
    spent = {k: v for k, v in got["spending"].items() if v}
    want = {k: v for k, v in exp["byMonth"].items() if v}
    income = {k: v for k, v in got["income"].items() if v}
    if income != {k: v for k, v in exp["incomeByMonth"].items() if v}:
        return "wrong totals (income)"
    if spent == want:
        return "right totals"
    if exp["kind"] == "bank" and spent == {k: v for k, v in exp.get("withdrawalsByMonth", {}).items() if v}:
        return "right totals (every withdrawal spending: no accounts known)"
    return "wrong totals"


def attempt(name, path, extra, tag):
    s = store(name, tag)
    rc, out, err = run("import", str(path), "--store", s, "--dry-run", "--format", "json", *extra)
    got = months(out) if rc == 0 else None
    rc1, out1, err1 = run("import", str(path), "--store", s, *extra)
    result = {"rc": rc1, "message": (err1.splitlines() or [""])[-1] if rc1 else (out1.splitlines() or [""])[0]}
    if rc1 == 0:
        rc2, out2, _ = run("import", str(path), "--store", s, *extra)
        result["again"] = (out2.splitlines() or [""])[0]
        result["got"] = got
        result["verdict"] = verdict(EXPECTED[name], got)
    return result


def main():
    WORK.mkdir(exist_ok=True)
    for path in sorted(HERE.glob("*.csv")):
        name = path.name
        exp = EXPECTED[name]
        row = {"file": name, "service": exp["service"], "expected": {"byMonth": exp["byMonth"],
               "incomeByMonth": exp["incomeByMonth"], "withdrawalsByMonth": exp.get("withdrawalsByMonth")}}
        row["noFlags"] = attempt(name, path, [], "plain")
        if row["noFlags"]["rc"] != 0:
            s = store(name, "init")
            rc, out, err = run("import", str(path), "--store", s, "--layout-init")
            row["layoutInit"] = {"rc": rc, "guess": err}
            if rc == 0:
                layout = WORK / f"{name}.guessed.json"
                layout.write_text(out)
                row["withGuessedLayout"] = attempt(name, path, ["--layout", str(layout)], "guessed")
        if "--layouts" in sys.argv:
            index = json.loads((HERE / "layouts" / "index.json").read_text())
            mine = index.get(name, [])
            for n, layout in enumerate([mine] if isinstance(mine, str) else mine):
                row.setdefault("withHandLayout", {})[layout] = attempt(
                    name, path, ["--layout", str(HERE / "layouts" / layout)], f"hand{n}")
        print(json.dumps(row, ensure_ascii=False))


if __name__ == "__main__":
    main()
