"""Against a running sandbox: create a payment link, pay it, receive its webhook and verify it.

Environment: PAYMENTS_BASE_URL, PAYMENTS_KEY, PAYMENTS_WEBHOOK_SECRET (the sandbox's --webhook-secret)
WEBHOOK_PORT (the port of the sandbox's --webhook-url, default 3000) and WEBHOOK_HOST (the
address to listen on, default 127.0.0.1; 0.0.0.0 when the sandbox runs in a container).
Run: python3 -m unittest
"""

import http.server
import json
import os
import queue
import threading
import unittest
import urllib.request

from webhooks import WebhookVerificationError, verify

BASE_URL = os.environ.get("PAYMENTS_BASE_URL", "http://127.0.0.1:4545")
KEY = os.environ.get("PAYMENTS_KEY", "sk_test_ci")
SECRET = os.environ["PAYMENTS_WEBHOOK_SECRET"]
WEBHOOK_HOST = os.environ.get("WEBHOOK_HOST", "127.0.0.1")
WEBHOOK_PORT = int(os.environ.get("WEBHOOK_PORT", "3000"))


def api(method, path, body=None):
    request = urllib.request.Request(
        BASE_URL + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Authorization": "Bearer " + KEY, "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


class Receiver(http.server.BaseHTTPRequestHandler):
    """Your app's webhook route, reduced to what the test needs: verify, then queue the event."""

    received = queue.Queue()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        headers = {name.lower(): value for name, value in self.headers.items()}
        try:
            verify(SECRET, headers, body)
        except WebhookVerificationError:
            self.send_response(400)
            self.end_headers()
            return
        self.send_response(204)
        self.end_headers()
        self.received.put((headers, body))

    def log_message(self, *args):
        pass


class PaymentLinkTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = http.server.ThreadingHTTPServer((WEBHOOK_HOST, WEBHOOK_PORT), Receiver)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        link = api("POST", "/payment-links", {"amount": 150000, "title": "Order #1001"})["data"]
        api("POST", "/sandbox/simulate", {"payment_link_id": link["id"], "event": "paid"})
        cls.link = link
        cls.headers, cls.body = cls.webhook_for(link["id"])

    @classmethod
    def tearDownClass(cls):
        cls.server.shutdown()
        cls.server.server_close()

    @staticmethod
    def webhook_for(link_id):
        while True:
            headers, body = Receiver.received.get(timeout=15)
            if json.loads(body)["data"]["id"] == link_id:
                return headers, body

    def test_the_paid_webhook_verifies(self):
        event = verify(SECRET, self.headers, self.body)
        self.assertEqual(event["type"], "payment_link.paid")
        self.assertEqual(event["data"]["id"], self.link["id"])
        self.assertEqual(event["data"]["status"], "succeeded")

    def test_a_tampered_body_is_rejected(self):
        tampered = self.body.replace(b'"amount":150000', b'"amount":1')
        self.assertNotEqual(tampered, self.body)
        with self.assertRaisesRegex(WebhookVerificationError, "no v1 signature matches"):
            verify(SECRET, self.headers, tampered)

    def test_a_timestamp_over_5_minutes_off_is_rejected(self):
        sent_at = int(self.headers["webhook-timestamp"])
        with self.assertRaisesRegex(WebhookVerificationError, "more than 5 minutes"):
            verify(SECRET, self.headers, self.body, now=sent_at + 301)

    def test_a_signature_with_a_non_ascii_character_is_rejected(self):
        headers = {**self.headers, "webhook-signature": "v1,\u00e9"}
        with self.assertRaisesRegex(WebhookVerificationError, "no v1 signature matches"):
            verify(SECRET, headers, self.body)

    def test_another_secret_is_rejected(self):
        with self.assertRaises(WebhookVerificationError):
            verify("whsec_" + "A" * 32, self.headers, self.body)


if __name__ == "__main__":
    unittest.main()
