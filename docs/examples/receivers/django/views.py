"""A webhook receiver for Payment Links in Django. Not run here: no Django on this machine (the
verifier this uses, docs/examples/python/webhooks.py, is run by a test).

urls.py:
    path("webhooks", views.receive), path("orders/<str:reference_id>", views.order)
settings.py: WEBHOOK_SECRET = os.environ["WEBHOOK_SECRET"]
webhooks.py beside this file: docs/examples/python/webhooks.py as it is.
"""

import threading

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from .webhooks import WebhookVerificationError, verify

# The status each event type brings, and how far along it is: a link only ever moves up.
STATUS_OF = {
    "payment_link.paid": "succeeded",
    "payment_link.failed": "failed",
    "payment_link.expired": "expired",
    "payment_link.canceled": "canceled",
}
RANK = {"pending": 0, "failed": 1, "succeeded": 2, "expired": 2, "canceled": 2}

# In memory for the example (one process); in an app, your database (a unique key on webhook-id).
orders = {}
seen = set()
lock = threading.Lock()


@csrf_exempt
@require_POST
def receive(request):
    try:
        # request.body is the raw body: the bytes that were signed, not json.dumps of the parsed event.
        event = verify(settings.WEBHOOK_SECRET, request.headers, request.body)
    except (WebhookVerificationError, ValueError) as error:
        # 4xx, never 5xx: a bad signature will not get better by being retried.
        return JsonResponse({"error": str(error)}, status=400)
    msg_id = request.headers["webhook-id"]
    with lock:
        # The same webhook-id again (a retry, a duplicate): already applied, so only acknowledged.
        if msg_id not in seen:
            status = STATUS_OF.get(event["type"])
            if status is not None:
                key = event["data"].get("reference_id") or event["data"]["id"]
                order = orders.setdefault(key, {"status": "pending", "events": []})
                # An event older than what the order already shows (canceled, then a late failed) changes nothing.
                if RANK[status] > RANK[order["status"]]:
                    order["status"] = status
                order["events"].append(msg_id)
            # A type this receiver does not know is acknowledged and ignored.
            seen.add(msg_id)
    return HttpResponse(status=204)


@require_GET
def order(request, reference_id):
    found = orders.get(reference_id)
    if found is None:
        return JsonResponse({"error": f"no webhook has named order {reference_id}"}, status=404)
    return JsonResponse(found)
