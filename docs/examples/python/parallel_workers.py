"""Parallel test workers against one sandbox, each in a workspace of its own (docs/ci.md).

Each worker uses its own key, sk_test_ws_worker_<n>: its own links, webhooks, clock and faults. It
resets its workspace, creates a link with an Idempotency-Key and retries it, pays it, waits for its
webhook on a receiver of its own and verifies it, lists its links, moves its clock a day and adds
and removes a fault, a few rounds over, and checks that it never sees another worker's.

Environment: PAYMENTS_BASE_URL (default http://127.0.0.1:4545), WORKERS (default 4), ROUNDS
(default 3). Run: python3 parallel_workers.py (exit 0 when every worker saw only its own).
"""

import http.server
import json
import multiprocessing
import os
import queue
import sys
import threading
import urllib.error
import urllib.request

from webhooks import verify

BASE_URL = os.environ.get("PAYMENTS_BASE_URL", "http://127.0.0.1:4545")
WORKERS = int(os.environ.get("WORKERS", "4"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))


def api(key, method, path, body=None, headers=None):
    request = urllib.request.Request(
        BASE_URL + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + key, "Content-Type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def receiver():
    """This worker's webhook route: every request it gets, on a port of its own."""
    received = queue.Queue()

    class Route(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            received.put(({name.lower(): value for name, value in self.headers.items()}, body))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Route)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/webhooks", received


def worker(n):
    """One worker's rounds; returns what went wrong, in words (nothing when all went well)."""
    key = f"sk_test_ws_worker_{n}"
    problems = []
    url, received = receiver()
    status, endpoint = api(key, "POST", "/sandbox/endpoints", {"url": url})
    if status != 201:
        return [f"worker {n}: the endpoint was refused: {endpoint}"]
    secret = endpoint["data"]["secret"]
    mine = set()
    for round_ in range(ROUNDS):
        api(key, "POST", "/sandbox/reset")
        clock = api(key, "GET", "/sandbox/clock")[1]["data"]
        if clock["offset_seconds"] > 60:
            problems.append(f"worker {n}: after its reset its clock is {clock['offset_seconds']} s ahead")
        body = {"amount": 1000 + round_, "title": f"worker {n} round {round_}"}
        order = {"Idempotency-Key": f"order-{round_}"}
        link = api(key, "POST", "/payment-links", body, order)[1]["data"]
        if api(key, "POST", "/payment-links", body, order)[1]["data"]["id"] != link["id"]:
            problems.append(f"worker {n}: a retry made a second link")
        mine.add(link["id"])
        api(key, "POST", "/sandbox/simulate", {"payment_link_id": link["id"], "event": "paid"})
        headers, raw = received.get(timeout=20)
        event = verify(secret, headers, raw)
        if event["data"]["id"] != link["id"]:
            problems.append(f"worker {n}: got the webhook of a link not its own: {event['data']['id']}")
        listed = [row["id"] for row in api(key, "GET", "/payment-links?per_page=100")[1]["data"]]
        if listed != [link["id"]]:
            problems.append(f"worker {n}: its list holds {listed}, not its one link")
        api(key, "POST", "/sandbox/clock/advance", {"seconds": 86400})
        rule = api(key, "POST", "/sandbox/faults", {"match": {"method": "GET"}, "action": {"type": "status", "status": 503}})
        rules = api(key, "GET", "/sandbox/faults")[1]["data"]
        if [r["id"] for r in rules] != [rule[1]["data"]["id"]]:
            problems.append(f"worker {n}: it sees fault rules not its own: {rules}")
        api(key, "DELETE", "/sandbox/faults/" + rule[1]["data"]["id"])
    return problems


if __name__ == "__main__":
    with multiprocessing.Pool(WORKERS) as pool:
        problems = [problem for found in pool.map(worker, range(WORKERS)) for problem in found]
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"{WORKERS} workers, {ROUNDS} rounds each: none saw another's link, webhook, clock or fault.")
