#!/usr/bin/env python3
"""The household's phone page (server/Page.html, issue 40) in a real browser: Debian's chromium driven by Playwright,
at a phone's viewport (390×844, touch), against scripts/household-server (server/Code.gs under Node, the page served
as Google serves it: an outer page, the page in a sandboxed frame on a second host, google.script stand-ins).

Run by scripts/test-page, which installs what is missing. Each check prints one line; the first failure stops the
run with exit status 1. `--screenshots DIR` writes the month and the form at 390×844 in Japanese into DIR.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from playwright.sync_api import sync_playwright, expect

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KAKEIBO = os.path.join(os.environ.get("KAKEIBO_BIN", os.path.join(ROOT, ".build", "debug")), "kakeibo")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
TOKEN = "page-test-token-5b1c9e"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
LATENCY = {"callMs": 50, "requestMs": 1000}  # the cost model (docs/household-server.md)

checks = []


def check(what, ok, detail=""):
    checks.append(what)
    print(("ok   " if ok else "FAIL ") + what + (" (" + detail + ")" if detail else ""), flush=True)
    if not ok:
        raise SystemExit(1)


class Server:
    """scripts/household-server --control on 127.0.0.1, steered by JSON lines."""

    def __init__(self, tmp):
        port_file = os.path.join(tmp, "port")
        token_file = os.path.join(tmp, "token")
        with open(token_file, "w") as f:
            f.write(TOKEN + "\n")
        self.process = subprocess.Popen(
            ["node", os.path.join(ROOT, "scripts", "household-server"), "--port-file", port_file, "--token-file", token_file, "--control"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 30
        while not os.path.exists(port_file):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("household-server did not start")
            time.sleep(0.05)
        with open(port_file) as f:
            self.url = f.read().strip()

    def command(self, **cmd):
        self.process.stdin.write(json.dumps(cmd) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def post(self, body):
        body = dict(body, protocol=1, token=TOKEN)
        request = urllib.request.Request(self.url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:  # follows the 302 to the echo host with a GET
            return json.loads(answer.read())

    def rows(self, name=None):
        """The live rows of every month sheet (optionally only those named `name`)."""
        state = self.command(cmd="state")
        found = []
        for sheet, values in state["sheets"].items():
            if not sheet[:4].isdigit():
                continue
            for row in values[1:]:
                if row[5] and str(row[7]).lower() not in ("true", "1") and (name is None or row[1] == name):
                    found.append(row)
        return found, state

    def close(self):
        self.process.stdin.close()
        self.process.wait(timeout=30)


class Member:
    """A member's kakeibo (the debug build) on a private store, configured for the server."""

    def __init__(self, tmp, server, name):
        root = os.path.join(tmp, name)
        os.makedirs(root)
        self.env = {"HOME": root, "KAKEIBO_HOME": os.path.join(root, "store"), "XDG_CONFIG_HOME": os.path.join(root, "config"),
                    "LANG": "C.UTF-8", "TZ": os.environ.get("TZ", "UTC"), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                    "KAKEIBO_ENDPOINT": server.url, "KAKEIBO_TOKEN": TOKEN}
        self.run("config", "set", "member", name)

    def run(self, *args):
        result = subprocess.run([KAKEIBO] + list(args), env=self.env, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise SystemExit("kakeibo %s failed (%d): %s" % (" ".join(args), result.returncode, result.stderr))
        return result.stdout


def frame(page):
    return page.frame_locator("#sandboxFrame")


def inner(page):
    """The page's own frame (for evaluate)."""
    for f in page.frames:
        if "/userCodeAppPanel" in f.url:
            return f
    raise AssertionError("no page frame")


def yen(text):
    return int(text.replace("¥", "").replace(",", "").replace("-", "-").strip() or 0)


def total(page):
    return yen(frame(page).locator("#total").inner_text())


def share(page, key):
    slice_ = frame(page).locator('#pie [data-key="%s"]' % key)
    return float(slice_.get_attribute("data-share")) if slice_.count() else 0.0


def prices(page):
    return [int(p) for p in frame(page).locator("#items li:not(.pending) button").evaluate_all("els => els.map(e => e.dataset.price)")]


def wait_fresh(page, timeout=20000):
    expect(frame(page).locator('#app[data-state="fresh"]')).to_be_attached(timeout=timeout)
    expect(frame(page).locator("#message")).not_to_have_text("読み込み中…", timeout=timeout)


def register(page, name, price, category="0/", member="ken", label=("品名", "金額", "カテゴリ", "メンバー", "登録")):
    f = frame(page)
    f.get_by_label(label[0], exact=True).fill(name)
    f.get_by_label(label[1], exact=True).fill(str(price))
    f.get_by_label(label[2], exact=True).select_option(category)
    f.get_by_label(label[3], exact=True).fill(member)
    f.get_by_role("button", name=label[4], exact=True).click()


def no_horizontal_scroll(page):
    return inner(page).evaluate("document.documentElement.scrollWidth <= window.innerWidth && document.body.scrollWidth <= window.innerWidth")


def swipe(page, x0, x1, y):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    steps = 8
    for i in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x0 + (x1 - x0) * i / steps, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def seed(server, today):
    """A month of the household's, as kakeibo and the app left it: spending in a few categories, a transfer, a card
    statement's line merged into the typed purchase (of another source, as kakeibo's matching keeps it)."""
    month = today[:6]
    item = lambda i, day, name, price, cat, sub="", **more: dict({"id": "seed-%d" % i, "date": month + day, "name": name, "price": price,
                                                                  "category": cat, "categorySub": sub}, **more)
    items = [item(1, "01", "スーパー", 3280, 0, 0, member="ayumi"), item(2, "01", "家賃", 85000, 2, 0, payment="ゆうちょ銀行"),
             item(3, "02", "電気代", 6420, 3, 0), item(4, "02", "ドラッグストア", 1890, 5, 0, member="ken"),
             item(5, "03", "スマホ", 2970, 4, 0), item(6, "02", "スーパー", 3280, 0, 0, id="rc:seed6", payment="楽天カード", merged="seed-1"),
             item(7, "02", "カード引落", 40000, 19, 3, payment="ゆうちょ銀行", transfer="楽天カード"),
             item(8, "01", "給与", 280000, 90, 0)]
    answer = server.post({"op": "changes", "changes": [{"changeId": "seed-c%d" % i, "kind": "create", "item": it} for i, it in enumerate(items)]})
    assert all(r["status"] == "applied" for r in answer["results"]), answer
    server.post({"op": "settings", "changes": [{"key": "budgets", "base": 0, "value": json.dumps(
        {"schema": 2, "total": 150000, "categories": [{"category": 0, "subcategory": None, "amount": 50000}], "savings": 30000})}]})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--screenshots", help="write month.png and form.png (390×844, Japanese) into this directory")
    options = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="kakeibo-page-")
    server = Server(tmp)
    figures = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--lang=ja-JP"] + (["--no-sandbox"] if os.geteuid() == 0 else []),
                                        env=dict(os.environ, LANG="ja_JP.UTF-8", LANGUAGE="ja"))
            run(browser, server, tmp, figures, options)
            browser.close()
    finally:
        server.close()
        shutil.rmtree(tmp, ignore_errors=True)
    print("page: %(bytes)d bytes (%(served)d served in the frame); month shown %(cached).2f s after the request at the cost model "
          "(from the page's storage), fresh from the server %(fresh).2f s, first open with nothing stored %(first).2f s" % figures)
    print("%d checks passed" % len(checks))


def run(browser, server, tmp, figures, options):
    context = browser.new_context(locale="ja-JP", **PHONE)
    page = context.new_page()
    origins = set()
    page.on("request", lambda request: origins.add("/".join(request.url.split("/")[:3])))
    today = time.strftime("%Y%m%d", time.localtime())
    seed(server, today)
    size = os.path.getsize(os.path.join(ROOT, "server", "Page.html"))

    # First open: the token is asked for; a wrong one is refused in Japanese and writes nothing.
    page.goto(server.url)
    f = frame(page)
    expect(f.get_by_label("トークン", exact=True)).to_be_visible()
    check("first open asks for the token (トークン)", True)
    before_rows, before_state = server.rows()
    f.get_by_label("トークン", exact=True).fill("wrong-token")
    f.get_by_role("button", name="開く").click()
    expect(f.locator("#tokenError")).to_have_text("トークンが違います。何も書き込んでいません。")
    after_rows, after_state = server.rows()
    check("a wrong token is refused in the page's language and writes nothing",
          after_state["revision"] == before_state["revision"] and len(after_rows) == len(before_rows)
          and inner(page).evaluate("localStorage.getItem('kakeibo.token')") is None)
    expect(f.locator("#monthView")).to_be_hidden()

    f.get_by_label("トークン", exact=True).fill(TOKEN)
    f.get_by_role("button", name="開く").click()
    wait_fresh(page)
    shown = total(page)
    check("the month shows spending only: merged lines once, transfers and income out", shown == 3280 + 85000 + 6420 + 1890 + 2970, "¥%d" % shown)
    check("budget left is the month's budget less its spending",
          yen(f.locator("#budget").inner_text()) == 150000 - shown, f.locator("#budget").inner_text())
    expect(f.get_by_label("日付", exact=True)).to_have_value("%s-%s-%s" % (today[:4], today[4:6], today[6:]))
    check("the date is today by default", True)

    # Registering 牛乳 ¥198 in 食費.
    food = share(page, "0")
    register(page, "牛乳", 198)
    expect(f.locator("#total")).to_have_text("¥{:,}".format(shown + 198))
    check("registering 牛乳 ¥198 in 食費 raises the total by ¥198", total(page) == shown + 198)
    check("and grows the 食費 slice", share(page, "0") > food, "%.4f → %.4f" % (food, share(page, "0")))
    rows, _ = server.rows("牛乳")
    check("the item is in the sheet once, with its member", len(rows) == 1 and rows[0][12] == "ken", repr(rows))

    # A name typed before suggests its last category.
    f.get_by_label("カテゴリ", exact=True).select_option("5/")
    f.get_by_label("品名", exact=True).fill("家賃")
    f.get_by_label("品名", exact=True).blur()
    check("a name typed before suggests its last category", f.get_by_label("カテゴリ", exact=True).input_value() == "2/0",
          f.get_by_label("カテゴリ", exact=True).input_value())
    f.get_by_label("品名", exact=True).fill("")

    # Sorting by price, both ways.
    f.get_by_role("button", name="金額").click()
    down = prices(page)
    f.get_by_role("button", name="金額 ↓").click()
    up = prices(page)
    check("sorting by price reverses", down == sorted(down, reverse=True) and up == list(reversed(down)) and up != down, "%s / %s" % (down, up))

    # Picking a category: the pie by subcategory.
    f.get_by_label("分類", exact=True).select_option("0")
    expect(f.locator("#chartTitle")).to_have_text("食費の内訳")
    check("a category picked: the pie by subcategory, the total the category's", total(page) == 3280 + 198)
    f.get_by_label("分類", exact=True).select_option("")

    # Months either side: a swipe shows the previous month, the arrow keys move too.
    y, m = int(today[:4]), int(today[4:6])
    py, pm = (y, m - 1) if m > 1 else (y - 1, 12)
    swipe(page, 60, 340, 420)
    expect(f.get_by_label("月", exact=True)).to_have_value(str(pm))
    check("a swipe shows the previous month", f.get_by_label("年", exact=True).input_value() == str(py))
    wait_fresh(page)
    check("the previous month is empty here", total(page) == 0)
    f.locator("#summary").click()
    page.keyboard.press("ArrowRight")
    expect(f.get_by_label("月", exact=True)).to_have_value(str(m))
    wait_fresh(page)
    check("the arrow key brings the month back", total(page) == shown + 198)
    check("no horizontal scrolling at 390 px", no_horizontal_scroll(page))

    # Edit and delete from the list.
    f.get_by_role("button", name="ドラッグストア ¥1,890", exact=False).click()
    expect(f.get_by_role("button", name="保存", exact=True)).to_be_visible()
    f.get_by_label("金額", exact=True).fill("1990")
    f.get_by_role("button", name="保存", exact=True).click()
    expect(f.locator("#total")).to_have_text("¥{:,}".format(shown + 198 + 100))
    check("an item edited from the list", server.rows("ドラッグストア")[0][0][2] == 1990)
    page.once("dialog", lambda dialog: dialog.accept())
    f.get_by_role("button", name="ドラッグストア ¥1,990", exact=False).click()
    f.get_by_role("button", name="削除", exact=True).click()
    expect(f.locator("#total")).to_have_text("¥{:,}".format(shown + 198 - 1890))
    check("an item deleted from the list", server.rows("ドラッグストア")[0] == [])
    shown = total(page)

    # A reload doesn't ask for the token.
    page.reload()
    wait_fresh(page)
    check("a reload doesn't ask for the token", f.locator("#tokenCard").is_hidden() and total(page) == shown)

    # Storage cleared: the page asks again, and works once given the token.
    inner(page).evaluate("localStorage.clear()")
    page.reload()
    expect(f.get_by_label("トークン", exact=True)).to_be_visible()
    f.get_by_label("トークン", exact=True).fill(TOKEN)
    f.get_by_role("button", name="開く").click()
    wait_fresh(page)
    check("storage cleared: the page asks for the token again, and works", total(page) == shown)

    # The network cut: the item waits in the outbox, and goes once when it returns.
    context.set_offline(True)
    register(page, "パン", 150)
    expect(f.get_by_role("button", name="未送信 1件")).to_be_visible()
    check("with the network cut the item waits in the outbox (未送信 1件)", server.rows("パン")[0] == [] and total(page) == shown)
    f.get_by_role("button", name="未送信 1件").click()  # a tap while still cut: it stays
    expect(f.get_by_role("button", name="未送信 1件")).to_be_visible()
    context.set_offline(False)  # the page's `online` handler sends it (a tap would too)
    expect(f.locator("#outbox")).to_be_hidden()
    expect(f.locator("#total")).to_have_text("¥{:,}".format(shown + 150))
    check("when it returns it goes, once", len(server.rows("パン")[0]) == 1)
    shown += 150

    # A call that ran but whose answer was lost: resent on the next open, applied once (the change log).
    # (Every answer dropped until the page gives up: Chromium sends a POST again by itself when a reused connection
    # closes before any answer, so how many tries it makes is the browser's.)
    server.command(cmd="resetStats")
    server.command(cmd="fail", how="drop", method="RUN", times=50)
    register(page, "卵", 258)
    expect(f.get_by_role("button", name="未送信 1件")).to_be_visible()
    # The item is in the outbox before its call goes: wait, bounded, until the page has had its answer (the call
    # failed) and every try the server received has run, and only then stop the faults.
    expect(f.locator("#message")).to_contain_text("送信できませんでした", timeout=60000)
    deadline = time.monotonic() + 60
    while True:
        tries = [r for r in server.command(cmd="stats")["byRequest"] if r["op"] == "run:pageSave"]
        if (tries and all(r.get("ms", 0) > 0 for r in tries)) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    server.command(cmd="clearFaults")
    check("an answer lost after the server wrote: kept as unsent", len(server.rows("卵")[0]) == 1, "the browser tried %d times" % len(tries))
    expect(f.locator("#items li.pending", has_text="卵")).to_be_visible()
    page.reload()
    wait_fresh(page)
    expect(f.locator("#outbox")).to_be_hidden()
    expect(f.locator("#total")).to_have_text("¥{:,}".format(shown + 258))
    check("resent on the next open and applied once", len(server.rows("卵")[0]) == 1)
    shown += 258

    # kakeibo: a member's sync sees the page's items with their member; an item kakeibo adds shows on the page.
    member = Member(tmp, server, "ayumi")
    member.run("sync")
    month = json.loads(member.run("month", "--format", "json"))
    milk = [i for i in month["items"] if i["name"] == "牛乳"]
    check("kakeibo sync shows the page's item with its member", len(milk) == 1 and milk[0].get("member") == "ken", json.dumps(milk, ensure_ascii=False))
    # (kakeibo's sync also matched the seeded lines again: the merge the seed made up was no merge to it, and it said so.)
    page.reload()
    wait_fresh(page)
    shown = total(page)
    check("kakeibo month's total is the page's", month["total"] == shown, "kakeibo ¥%d, page ¥%d" % (month["total"], shown))
    member.run("add", "カレー粉", "480", "--category", "food")
    member.run("sync")
    page.reload()
    wait_fresh(page)
    expect(f.get_by_role("button", name="カレー粉 ¥480", exact=False)).to_be_visible()
    check("an item kakeibo added shows on the page, with ayumi", "ayumi" in f.locator("#items li", has_text="カレー粉").inner_text())
    shown += 480
    month = json.loads(member.run("month", "--format", "json"))
    server_origins = {"/".join(server.url.split("/")[:3]), "/".join(inner(page).url.split("/")[:3])}
    check("the page loaded nothing from another origin than the server's two", origins <= server_origins and len(server_origins) == 2,
          ", ".join(sorted(origins)))
    check("and the totals still agree", month["total"] == total(page) == shown, "kakeibo ¥%d, page ¥%d" % (month["total"], total(page)))
    check("no horizontal scrolling with the list and form", no_horizontal_scroll(page))

    if options.screenshots:
        os.makedirs(options.screenshots, exist_ok=True)
        inner(page).evaluate("window.scrollTo(0, 0)")
        f.locator("#message").evaluate("e => e.textContent = ''")
        page.screenshot(path=os.path.join(options.screenshots, "page-month.png"))
        f.get_by_label("品名", exact=True).fill("牛乳")
        f.get_by_label("金額", exact=True).fill("198")
        f.get_by_label("メンバー", exact=True).fill("ken")
        f.locator("#formCard").evaluate("e => { document.activeElement.blur(); e.scrollIntoView({block: 'start'}); }")
        page.screenshot(path=os.path.join(options.screenshots, "page-form.png"))
        f.get_by_label("品名", exact=True).fill("")
        f.get_by_label("金額", exact=True).fill("")
        check("screenshots written to " + options.screenshots, True)

    # The month within 2 s at the cost model's latency.
    outer = urllib.request.urlopen(server.url, timeout=30).read().decode()
    panel = outer.split('src="')[1].split('"')[0].replace("&amp;", "&")
    figures["served"] = len(urllib.request.urlopen(panel, timeout=30).read())
    server.command(cmd="latency", **LATENCY)
    started = time.monotonic()
    page.reload(wait_until="commit")
    expect(f.locator("#total")).to_have_text("¥{:,}".format(shown), timeout=20000)
    figures["cached"] = time.monotonic() - started
    wait_fresh(page)
    figures["fresh"] = time.monotonic() - started
    inner(page).evaluate("localStorage.removeItem('kakeibo.month')")
    started = time.monotonic()
    page.reload(wait_until="commit")
    wait_fresh(page)
    expect(f.locator("#total")).to_have_text("¥{:,}".format(shown))
    figures["first"] = time.monotonic() - started
    server.command(cmd="latency", callMs=0, requestMs=0)
    figures["bytes"] = size
    check("the page is under 100 KB", size < 100 * 1024, "%d bytes" % size)
    check("the month shows within 2 s at the cost model's latency", figures["cached"] < 2.0, "%.2f s" % figures["cached"])
    context.close()

    # Storage unavailable: the page asks for the token and still works.
    context = browser.new_context(locale="ja-JP", **PHONE)
    context.add_init_script("Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});")
    page = context.new_page()
    page.goto(server.url)
    f = frame(page)
    f.get_by_label("トークン", exact=True).fill(TOKEN)
    f.get_by_role("button", name="開く").click()
    wait_fresh(page)
    register(page, "牛乳", 198)
    expect(f.locator("#total")).to_have_text("¥{:,}".format(shown + 198))
    check("with storage unavailable the page asks for the token and still works", len(server.rows("牛乳")[0]) == 2)
    shown += 198
    context.close()

    # The token from the URL's fragment, which the page removes from the address bar; English by ?hl=en.
    context = browser.new_context(locale="ja-JP", **PHONE)
    page = context.new_page()
    # The link is the one `kakeibo config qr` prints for the phone (its first line; the QR code follows).
    link = member.run("config", "qr").splitlines()[0]
    check("kakeibo config qr prints the page's link with the token in its fragment", link == server.url + "#token=" + TOKEN, link)
    base, fragment = link.split("#", 1)
    page.goto(base + "?hl=en#" + fragment)
    f = frame(page)
    wait_fresh(page)
    check("#token=T is taken and removed from the address bar", "#" not in page.url and "token" not in page.url and page.url.endswith("?hl=en"), page.url)
    for label in ("Name", "Price", "Date", "Category", "Payment", "Member"):
        expect(f.get_by_label(label, exact=True)).to_be_visible()
    expect(f.get_by_role("button", name="Add", exact=True)).to_be_visible()
    check("?hl=en: the form in English (Name, Price, Date, Category, Payment, Member, Add)", True)
    context.close()

    # English by the browser's language; a wrong token refused in English.
    context = browser.new_context(locale="en-US", **PHONE)
    page = context.new_page()
    page.goto(server.url)
    f = frame(page)
    f.get_by_label("Token", exact=True).fill("nope")
    f.get_by_role("button", name="Open").click()
    expect(f.locator("#tokenError")).to_have_text("The token is wrong. Nothing was written.")
    check("the browser's language: English, the wrong token refused in English", True)
    context.close()


if __name__ == "__main__":
    main()
