<?php
// A webhook receiver for Payment Links in Laravel. Not run here: no PHP framework on this machine
// (plain PHP is, and the verifier this uses, docs/examples/php/webhooks.php, is run by a test).
//
// routes/api.php (no CSRF token on api routes):
//   Route::post('/webhooks', [WebhookController::class, 'receive']);
//   Route::get('/orders/{referenceId}', [WebhookController::class, 'show']);
// .env: WEBHOOK_SECRET=whsec_…; config/services.php: 'payment_links' => ['webhook_secret' => env('WEBHOOK_SECRET')].
// app/Support/webhooks.php: docs/examples/php/webhooks.php as it is.

declare(strict_types=1);

namespace App\Http\Controllers;

use Illuminate\Http\JsonResponse;
use Illuminate\Http\Request;
use Illuminate\Http\Response;
use Illuminate\Support\Facades\Cache;

require_once app_path('Support/webhooks.php');

final class WebhookController extends Controller
{
    /** The status each event type brings, and how far along it is: a link only ever moves up. */
    private const STATUS_OF = [
        'payment_link.paid' => 'succeeded',
        'payment_link.failed' => 'failed',
        'payment_link.expired' => 'expired',
        'payment_link.canceled' => 'canceled',
    ];
    private const RANK = ['pending' => 0, 'failed' => 1, 'succeeded' => 2, 'expired' => 2, 'canceled' => 2];

    public function receive(Request $request): Response|JsonResponse
    {
        $headers = [];
        foreach (['webhook-id', 'webhook-timestamp', 'webhook-signature'] as $name) {
            $headers[$name] = (string) $request->header($name, '');
        }
        try {
            // getContent() is the raw body: the bytes that were signed, not $request->json() re-encoded.
            $event = verify_webhook(config('services.payment_links.webhook_secret'), $headers, $request->getContent());
        } catch (\WebhookVerificationError | \JsonException $e) {
            // 4xx, never 5xx: a bad signature will not get better by being retried.
            return response()->json(['error' => $e->getMessage()], 400);
        }
        // PHP keeps nothing between requests: the cache stands in for your database here.
        // Cache::add is atomic: the same webhook-id again (a retry, a duplicate) is only acknowledged.
        if (!Cache::add('webhook:' . $headers['webhook-id'], true, now()->addDays(7))) {
            return response()->noContent();
        }
        $status = self::STATUS_OF[$event['type']] ?? null;
        if ($status !== null) {
            $key = 'order:' . ($event['data']['reference_id'] ?? $event['data']['id']);
            $order = Cache::get($key, ['status' => 'pending', 'events' => []]);
            // An event older than what the order already shows (canceled, then a late failed) changes nothing.
            if (self::RANK[$status] > self::RANK[$order['status']]) {
                $order['status'] = $status;
            }
            $order['events'][] = $headers['webhook-id'];
            Cache::forever($key, $order);
        }
        // A type this receiver does not know is acknowledged and ignored. Slow work goes on a queue.
        return response()->noContent();
    }

    public function show(string $referenceId): JsonResponse
    {
        $order = Cache::get('order:' . $referenceId);
        return $order === null
            ? response()->json(['error' => "no webhook has named order $referenceId"], 404)
            : response()->json($order);
    }
}
