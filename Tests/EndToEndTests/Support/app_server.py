#!/usr/bin/env python3
"""A strict stand-in for the ExpenseLog app's endpoint (the "plain app server"), for kakeibo's tests, on 127.0.0.1.

Written from the app's source (adventam10/ExpenseLog at c98708b6, read for issue #31: research/issue31/APP.md): its
ExpenseLogAPI (GET of a month with the URL's query *replaced* by year and month; POST of a JSON array of items), its
only wire type ResponseItem (six keys; categorySub read with `try?`, so anything but an integer is none) and its
Category (0 食費 with subcategories 0-3, 1 娯楽費 with 0-2; any other category stops a debug build and shows as
食費（なし） in a release build). It judges every request by what the app sends and could read, and answers as the
app's server does:

    GET  /exec[/TOKEN]?year=2024&month=2   the month's rows, six keys each (302 to /answer/N on the other loopback
                                           name first, as Apps Script does)
    POST /exec[/TOKEN]  [items]            appends the items (no dedupe), keeping only the six fields, and answers
                                           with the array of the items registered (after the same 302)

A request the app would not make, or a body the app's JSONDecoder would refuse, is refused whole: 400 with a JSON
reason, nothing stored, and the refusal recorded (a test asserts there are none). Any Authorization header is one.
Rows the app decodes but can't show (a category it doesn't know, a subcategory not of its category) are stored and
recorded as unshowable.

Started by the tests: prints "listening PORT" on stdout, then reads one JSON command a line on stdin and answers each
with one JSON line on stdout; exits when stdin closes.

    {"cmd": "configure", "token": "T" | null, "redirect": true, "strict": true}
        token: the path segment after /exec every request must carry (the script reads it from e.pathInfo)
        strict: refuse what kakeibo should never send although the app's decoder takes it (100.0, 1e2, a charset
        parameter is only recorded); off, the stand-in takes exactly what the decoder takes
    {"cmd": "seed", "sheets": {"2024-02": [rows]}}      replace those sheets with raw rows (any JSON: "categorySub": "1")
    {"cmd": "state"}  -> {"sheets", "requests": [{"method", "path", "query", "headers": {lower-case name: value},
                          "body"}], "refusals": [{"method", "path", "reason"}], "unshowable": [{"id", "category",
                          "categorySub", "why"}], "dropped": [key names the app has no field for], "probes": n}
        (probes: kakeibo's GET ?op=capabilities, answered as a script that knows no `op` fails: a 200 HTML page)
    {"cmd": "total", "month": "2024-02"}  -> {"total": N | null, "rows": n, "shows": [[id, "食費（なし）"], …]}
        the app's month total (MonthView.totalPrice: every row of the month, whatever its category), or null when
        the month's answer would not decode in the app (one bad row fails the whole fetch)
"""
import datetime
import json
import os
import re
import sys
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

INT64 = (-(2 ** 63), 2 ** 63 - 1)
# Category.swift: the only categories and subcategories the app has (raw values), with the names it shows.
CATEGORIES = {0: ("食費", {0: "食品", 1: "飲料", 2: "菓子", 3: "栄養補助"}),
              1: ("娯楽費", {0: "嗜好品", 1: "交通費", 2: "雑貨"})}
FIELDS = ("id", "date", "name", "price", "category", "categorySub")

lock = threading.Lock()
settings = {"token": None, "redirect": True, "strict": True}
sheets = {}  # "2024-02" -> [row dicts as stored, in order]
requests = []
refusals = []
unshowable = []
dropped = set()
probes = []  # kakeibo's capabilities questions (not the app's protocol, not refused: answered as the script would)
answers = {}


class FloatLiteral(float):
    """A JSON number written with a fraction or an exponent ("100.0", "1e2"): the app's decoder takes it as an Int
    when its value is whole; kakeibo should write integer literals only."""
    def __new__(cls, text):
        value = float.__new__(cls, text)
        value.text = text
        return value


class Refused(Exception):
    pass


def no_constants(name):
    raise Refused("%s is not JSON (the app's decoder refuses it)" % name)


def unique_object(pairs):
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        # swift-foundation keeps the first silently: ambiguous, so a strict stand-in refuses it.
        raise Refused("an object repeats a key: %s" % sorted({k for k in keys if keys.count(k) > 1}))
    return dict(pairs)


def parse_json(raw):
    text = raw.decode("utf-8")  # refuses bytes that are not UTF-8 (UnicodeDecodeError is a ValueError)
    if text.startswith("\ufeff"):
        text = text[1:]  # the app's decoder tolerates a leading BOM
    return json.loads(text, parse_float=FloatLiteral, parse_constant=no_constants, object_pairs_hook=unique_object)


def whole(value, strict):
    """The Int the app's decoder reads from a JSON value, or None when it would refuse it as an Int."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, FloatLiteral) or isinstance(value, float):
        if strict or not value.is_integer():
            return None
        value = int(value)
    return value if INT64[0] <= value <= INT64[1] else None


def valid_date(text):
    """yyyyMMdd as the app's DateFormatter reads it, held to exactly eight ASCII digits of a real date."""
    if not isinstance(text, str) or not re.fullmatch(r"[0-9]{8}", text):
        return False
    try:
        return datetime.date(int(text[0:4]), int(text[4:6]), int(text[6:8])).year >= 1
    except ValueError:
        return False


def decode_item(index, item, strict):
    """One element as ResponseItem.init(from:) reads it: the six fields, or Refused with why."""
    where = "item [%d]" % index
    if not isinstance(item, dict):
        raise Refused("%s is not an object" % where)
    for key in ("id", "name"):
        if not isinstance(item.get(key), str):
            raise Refused("%s: %s must be a string" % (where, key))
    if not valid_date(item.get("date")):
        raise Refused("%s: date %r is not yyyyMMdd" % (where, item.get("date")))
    fields = {"id": item["id"], "date": item["date"], "name": item["name"]}
    for key in ("price", "category"):
        value = whole(item.get(key), strict)
        if value is None:
            raise Refused("%s: %s %r is not an integer" % (where, key, item.get(key)))
        fields[key] = value
    sub = item.get("categorySub")
    fields["categorySub"] = whole(sub, False)  # try?: anything but a whole number is none
    if strict and "categorySub" in item and sub is not None and whole(sub, True) is None:
        raise Refused("%s: categorySub %r is not an integer or null (the app would read none)" % (where, sub))
    return fields


def decode_items(raw, strict):
    """JSONDecoder().decode([ResponseItem].self): all or nothing."""
    try:
        value = parse_json(raw)
    except Refused:
        raise
    except ValueError as error:
        raise Refused("not JSON: %s" % error)
    if not isinstance(value, list):
        raise Refused("the top level is not an array")
    return value, [decode_item(index, item, strict) for index, item in enumerate(value)]


def shown_as(fields):
    """What the app's month list shows: Category.init, then "name（subName）"."""
    category, sub = fields["category"], fields["categorySub"]
    if category not in CATEGORIES:
        return "食費（なし）", "category %d: assertionFailure in a debug build, 食費（なし） in a release build" % category
    name, subs = CATEGORIES[category]
    if sub is not None and sub not in subs:
        return "%s（なし）" % name, "categorySub %d is not one of %s's" % (sub, name)
    return "%s（%s）" % (name, subs.get(sub, "なし")), None


def month_of(fields):
    return fields["date"][0:4] + "-" + fields["date"][4:6]


def answer_row(fields):
    return {key: fields[key] for key in FIELDS}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, content_type, body, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(body)
        self.close_connection = True

    def answer(self, status, value):
        """The answer, after Apps Script's 302 to another host when `redirect` is on."""
        body = json.dumps(value, ensure_ascii=False).encode()
        if not settings["redirect"] or status != 200:
            return self.send(status, "application/json", body)
        with lock:
            number = len(answers)
            answers[number] = body
        host = self.headers.get("Host", "")
        other = "localhost" if host.startswith("127.0.0.1") else "127.0.0.1"
        location = "http://%s:%d/answer/%d" % (other, self.server.server_address[1], number)
        self.send(302, "text/html", b"<html>Moved</html>", [("Location", location)])

    def refuse(self, url, reason):
        with lock:
            refusals.append({"method": self.command, "path": url.path, "reason": reason})
        self.send(400, "application/json", json.dumps({"refused": reason}, ensure_ascii=False).encode())

    def record(self, body=None):
        url = urllib.parse.urlsplit(self.path)
        with lock:
            requests.append({"method": self.command, "path": url.path, "query": url.query,
                             "headers": {name.lower(): value for name, value in self.headers.items()},
                             "body": body})
        return url

    def check_common(self, url):
        """What any request to the endpoint must be: no Authorization header, the token (if one is set) in the path."""
        if "Authorization" in self.headers:
            return "an Authorization header (the app sends none, and Apps Script can't read headers)"
        expected = "/exec" + ("/" + settings["token"] if settings["token"] else "")
        if url.path != expected:
            return "path %s, expected %s" % (url.path, "/exec/TOKEN" if settings["token"] else "/exec")
        return None

    def do_GET(self):
        url = self.record()
        if url.path.startswith("/answer/"):
            if "Authorization" in self.headers:
                return self.refuse(url, "an Authorization header on the redirect's GET")
            with lock:
                body = answers.get(int(url.path.rsplit("/", 1)[1]))
            return self.send(200, "application/json", body) if body is not None else self.send(404, "text/plain", b"no")
        problem = self.check_common(url)
        if problem:
            return self.refuse(url, problem)
        query = urllib.parse.parse_qsl(url.query, keep_blank_values=True)
        if query == [("op", "capabilities")]:
            # kakeibo asks once whether the endpoint speaks its change protocol. The app's script knows no `op`:
            # it fails as an Apps Script that throws does, with a 200 HTML page, and kakeibo takes it as a plain server.
            with lock:
                probes.append(url.query)
            return self.send(200, "text/html; charset=utf-8", b"<html><title>Error</title><body>TypeError</body></html>")
        names = sorted(name for name, _ in query)
        if names != ["month", "year"]:
            # The app replaces the URL's query with exactly these two: anything else (a token, a key kept from
            # the configured endpoint) is not something it sends.
            return self.refuse(url, "query %r: the app sends exactly year and month" % url.query)
        values = dict(query)
        if not re.fullmatch(r"[0-9]{4}", values["year"]) or not re.fullmatch(r"[1-9]|1[0-2]", values["month"]):
            return self.refuse(url, "year %r, month %r: yyyy and 1-12 without a leading zero" % (values["year"], values["month"]))
        key = "%s-%02d" % (values["year"], int(values["month"]))
        with lock:
            rows = list(sheets.get(key, []))
        self.answer(200, rows)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        url = self.record(raw.decode("utf-8", "replace"))
        problem = self.check_common(url)
        if problem:
            return self.refuse(url, problem)
        if url.query:
            return self.refuse(url, "a query on a POST (%r): the app's URL has none" % url.query)
        media = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        if media != "application/json":
            return self.refuse(url, "Content-Type %r, expected application/json" % self.headers.get("Content-Type"))
        try:
            elements, items = decode_items(raw, settings["strict"])
        except Refused as error:
            return self.refuse(url, str(error))
        with lock:
            for element, fields in zip(elements, items):
                dropped.update(key for key in element if key not in FIELDS)
                _, why = shown_as(fields)
                if why:
                    unshowable.append({"id": fields["id"], "category": fields["category"],
                                       "categorySub": fields["categorySub"], "why": why})
                sheets.setdefault(month_of(fields), []).append(answer_row(fields))
        self.answer(200, [answer_row(fields) for fields in items])

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass


def total(month):
    """MonthView.totalPrice over the month's fetch, decoded as the app decodes it (not strict: the real decoder)."""
    with lock:
        rows = list(sheets.get(month, []))
    try:
        _, items = decode_items(json.dumps(rows, ensure_ascii=False).encode(), strict=False)
    except Refused as error:
        return {"total": None, "rows": len(rows), "why": str(error)}
    return {"total": sum(item["price"] for item in items), "rows": len(items),
            "shows": [[item["id"], shown_as(item)[0]] for item in items]}


def control():
    for line in sys.stdin:
        # Parsed as the server parses bodies, so a seeded 100.0 stays a fraction literal.
        command = json.loads(line, parse_float=FloatLiteral)
        with lock:
            name = command.get("cmd")
        if name == "configure":
            with lock:
                settings.update({key: command[key] for key in ("token", "redirect", "strict") if key in command})
            reply = {"ok": True}
        elif name == "seed":
            with lock:
                sheets.update(command["sheets"])
            reply = {"ok": True}
        elif name == "state":
            with lock:
                reply = {"sheets": sheets, "requests": requests, "refusals": refusals, "unshowable": unshowable,
                         "dropped": sorted(dropped), "probes": len(probes)}
        elif name == "total":
            reply = total(command["month"])
        else:
            reply = {"error": "unknown command"}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    os._exit(0)


def main():
    ThreadingHTTPServer.request_queue_size = 64
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    sys.stdout.write("listening %d\n" % server.server_address[1])
    sys.stdout.flush()
    threading.Thread(target=control, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
