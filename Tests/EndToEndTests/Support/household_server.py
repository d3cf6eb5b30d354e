#!/usr/bin/env python3
"""A household server for kakeibo's tests: the protocol of the real one (a web app in front of a spreadsheet, one
sheet per month) on 127.0.0.1, able to fail in each way the real one does.

    GET  /exec?year=2024&month=12   302 to /answer/N on the other loopback name; GET there gives the sheet's items
    POST /exec  [items]             appends each item to the sheet of its date's month, then 302 to /answer/N;
                                    GET there gives the items it registered (a POST there is refused: 405)

Started by the tests: prints "listening PORT" on stdout, then reads one JSON command a line on stdin and answers each
with one JSON line on stdout. Exits when stdin closes, so it never outlives the test that started it.

    {"cmd": "seed", "sheets": {"2024-12": [items]}}        replace those sheets
    {"cmd": "fail", "how": H, "method": "GET"|"POST", "month": "2024-03", "times": 1, "seconds": 3}
        H: status500 | html | truncated | baddate | delay | drop | body | hold. GET faults may name the month they hit.
        hold keeps the request waiting until {"cmd": "release"} (then it is answered as usual).
        body answers with the bytes given base64-encoded as "body64" (for the hostile-input suite).
        delay and drop on a POST happen after the items are stored (the answer is lost, the items are not).
    {"cmd": "state"}   -> {"sheets": {...}, "requests": [{"method", "path", "query", "host", "accept",
                                                          "authorization", "contentType", "body"}]}
    {"cmd": "wait", "method": "GET", "count": N}   answers once N requests of that method to /exec have arrived
        (or after 60 s, with "ok": false): a client is known to be mid-request without sleeping to guess when.
        With "hold", N requests arrived means N in flight at once.
    {"cmd": "release"}   lets every held request (and any later one) go on
"""
import base64
import json
import os
import re
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
arrived = threading.Condition(lock)  # notified as each request is recorded
sheets = {}  # "2024-12" -> [item dicts, in the order they were appended]
requests = []  # what the server was asked, for the tests to check
answers = {}  # answer number -> (status, content type, body bytes)
faults = []  # [{"how", "method", "month", "times", "seconds"}]
released = threading.Event()  # set by "release": held requests go on


def take_fault(method, month):
    with lock:
        for fault in faults:
            if fault.get("method", "GET") == method and fault.get("month") in (None, month) and fault["times"] > 0:
                fault["times"] -= 1
                return fault
    return None


def sheet_of(item):
    date = str(item.get("date", ""))
    digits = date.replace("-", "")
    if not re.fullmatch(r"\d{8}", digits):
        raise ValueError("bad date %r" % date)
    return digits[0:4] + "-" + digits[4:6]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass  # quiet: stdout is the control channel

    def record(self, body=None):
        url = urllib.parse.urlsplit(self.path)
        with lock:
            requests.append({
                "method": self.command, "path": url.path, "query": url.query,
                "host": self.headers.get("Host"), "accept": self.headers.get("Accept"),
                "authorization": self.headers.get("Authorization"),
                "contentType": self.headers.get("Content-Type"), "body": body,
            })
            arrived.notify_all()
        return url

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

    def redirect(self, status, content_type, body):
        """Keeps the answer and sends the client to fetch it from the other loopback name, as the real service
        sends it to another host."""
        with lock:
            number = len(answers)
            answers[number] = (status, content_type, body)
        host = self.headers.get("Host", "")
        other = "localhost" if host.startswith("127.0.0.1") else "127.0.0.1"
        port = self.server.server_address[1]
        self.send(302, "text/html", b"<html>Moved</html>", [("Location", "http://%s:%d/answer/%d" % (other, port, number))])

    def faulted(self, fault, month):
        """Answers as the fault says; True when the fault took over the answer."""
        how = fault["how"]
        if how == "delay":
            time.sleep(fault.get("seconds", 3))
            return False
        if how == "hold":
            released.wait()
            return False
        if how == "drop":
            self.close_connection = True
            return True
        if how == "status500":
            self.send(500, "text/plain", b"Internal Server Error")
            return True
        if how == "html":
            self.redirect(200, "text/html; charset=utf-8",
                          b"<!DOCTYPE html><html><head><title>Error</title></head><body>Script function not found: doGet</body></html>")
            return True
        if how == "truncated":
            self.redirect(200, "application/json", b'[{"id":"t1","date":"20241203","name":"\xe7\x89\x9b\xe4\xb9\xb3","pri')
            return True
        if how == "body":
            self.redirect(200, "application/json", base64.b64decode(fault["body64"]))
            return True
        if how == "baddate":
            items = [{"id": "good", "date": month.replace("-", "") + "01", "name": "ok", "price": 100, "category": 0},
                     {"id": "bad-date", "date": "20241232", "name": "x", "price": 100, "category": 0, "categorySub": ""}]
            self.redirect(200, "application/json", json.dumps(items).encode())
            return True
        raise ValueError("unknown fault %r" % how)

    def do_GET(self):
        url = self.record()
        if url.path.startswith("/answer/"):
            with lock:
                answer = answers.get(int(url.path.rsplit("/", 1)[1]))
            if answer is None:
                return self.send(404, "text/plain", b"no such answer")
            return self.send(*answer)
        if url.path != "/exec":
            return self.send(404, "text/plain", b"not found")
        query = urllib.parse.parse_qs(url.query)
        year, month = query.get("year", [""])[0], query.get("month", [""])[0]
        # The real service takes the month without a leading zero.
        if not re.fullmatch(r"\d{4}", year) or not re.fullmatch(r"[1-9]|1[0-2]", month):
            return self.send(400, "text/plain", b"bad year or month")
        key = "%s-%02d" % (year, int(month))
        fault = take_fault("GET", key)
        if fault and self.faulted(fault, key):
            return
        with lock:
            body = json.dumps(sheets.get(key, []), ensure_ascii=False).encode()
        self.redirect(200, "application/json", body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        url = self.record(raw.decode("utf-8", "replace"))
        if url.path != "/exec":
            return self.send(405, "text/plain", b"method not allowed")
        if not (self.headers.get("Content-Type") or "").startswith("application/json"):
            return self.send(415, "text/plain", b"expected application/json")
        try:
            items = json.loads(raw)
            assert isinstance(items, list)
            placed = [(sheet_of(item), item) for item in items]
        except (ValueError, AssertionError) as error:
            return self.send(400, "text/plain", str(error).encode())
        with lock:
            for key, item in placed:
                sheets.setdefault(key, []).append(item)
        fault = take_fault("POST", None)
        if fault and self.faulted(fault, None):
            return
        self.redirect(200, "application/json", json.dumps(items, ensure_ascii=False).encode())

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test): nothing to answer


def control():
    for line in sys.stdin:
        command = json.loads(line)
        with lock:
            if command["cmd"] == "seed":
                sheets.update(command["sheets"])
                reply = {"ok": True}
            elif command["cmd"] == "fail":
                faults.append(dict(command, times=command.get("times", 1)))
                reply = {"ok": True}
            elif command["cmd"] == "release":
                released.set()
                reply = {"ok": True}
            elif command["cmd"] == "state":
                reply = {"sheets": sheets, "requests": requests}
            elif command["cmd"] == "wait":
                def enough():
                    return sum(1 for r in requests if r["method"] == command.get("method", "GET") and r["path"] == "/exec") >= command["count"]
                reply = {"ok": arrived.wait_for(enough, timeout=60)}
            else:
                reply = {"error": "unknown command"}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    os._exit(0)  # the test is over: stop at once, even with a delayed answer still sleeping


def main():
    # A listen backlog for a year's 12 months at once (socketserver's default of 5 would hold the rest back a
    # second, in SYN retries, as no real server does).
    ThreadingHTTPServer.request_queue_size = 64
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    sys.stdout.write("listening %d\n" % server.server_address[1])
    sys.stdout.flush()
    threading.Thread(target=control, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
