"""Standard Webhooks signature check with the Python standard library only.

The signed content is "{webhook-id}.{webhook-timestamp}.{body}", signed with HMAC-SHA256 under the
bytes of the secret after "whsec_" (base64-decoded). The webhook-signature header lists one or
more "v1,<base64>" signatures separated by spaces: during a secret rotation both are sent.
"""

import base64
import hashlib
import hmac
import json
import time

TOLERANCE_SECONDS = 5 * 60


class WebhookVerificationError(Exception):
    """The webhook is not to be trusted; the message says why."""


def verify(secret, headers, body, now=None):
    """Returns the parsed event if the webhook is genuine and fresh; raises WebhookVerificationError otherwise.

    headers: a mapping with lower-case names (webhook-id, webhook-timestamp, webhook-signature).
    body: the raw request body as bytes, exactly as received (not re-serialised JSON).
    """
    msg_id = headers.get("webhook-id")
    timestamp = headers.get("webhook-timestamp")
    signatures = headers.get("webhook-signature")
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("missing webhook-id, webhook-timestamp or webhook-signature")
    try:
        sent_at = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("webhook-timestamp is not a number of seconds")
    now = time.time() if now is None else now
    # A replayed old request, or a clock far off: either way the signature proves nothing now.
    if abs(now - sent_at) > TOLERANCE_SECONDS:
        raise WebhookVerificationError("webhook-timestamp is more than 5 minutes from now")

    key = base64.b64decode(secret[len("whsec_"):] if secret.startswith("whsec_") else secret)
    signed = msg_id.encode() + b"." + timestamp.encode() + b"." + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    for signature in signatures.split(" "):
        version, _, value = signature.partition(",")
        # compare_digest takes as long whatever the first differing byte: no timing oracle. Bytes,
        # since on str it raises TypeError for a non-ASCII header (a 500 instead of a refusal).
        if version == "v1" and hmac.compare_digest(value.encode(), expected.encode()):
            return json.loads(body)
    raise WebhookVerificationError("no v1 signature matches: the body, the headers or the secret differ")
