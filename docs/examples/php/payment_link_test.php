<?php
// Against a running sandbox: create a payment link, pay it, receive its webhook and verify it.
//
// Environment: PAYMENTS_BASE_URL, PAYMENTS_KEY, PAYMENTS_WEBHOOK_SECRET (the sandbox's
// --webhook-secret), WEBHOOK_PORT (the port of the sandbox's --webhook-url, default 3000) and
// WEBHOOK_HOST (the address to listen on, default 127.0.0.1; 0.0.0.0 when the sandbox runs in a
// container).
// Run: php payment_link_test.php   (exit 0 when every check passes, 1 otherwise)

declare(strict_types=1);

require __DIR__ . '/webhooks.php';

$baseUrl = getenv('PAYMENTS_BASE_URL') ?: 'http://127.0.0.1:4545';
$key = getenv('PAYMENTS_KEY') ?: 'sk_test_ci';
$secret = getenv('PAYMENTS_WEBHOOK_SECRET') ?: '';
$webhookHost = getenv('WEBHOOK_HOST') ?: '127.0.0.1';
$webhookPort = getenv('WEBHOOK_PORT') ?: '3000';

function fail(string $message): never
{
    fwrite(STDERR, "not ok: $message\n");
    exit(1);
}

function api(string $method, string $path, array $body): array
{
    global $baseUrl, $key;
    $context = stream_context_create(['http' => [
        'method' => $method,
        'header' => "Authorization: Bearer $key\r\nContent-Type: application/json\r\n",
        'content' => json_encode($body),
        'timeout' => 10,
        'ignore_errors' => true,
    ]]);
    $answer = file_get_contents($baseUrl . $path, false, $context);
    $status = (int) explode(' ', $http_response_header[0] ?? 'HTTP/1.1 0')[1];
    if ($answer === false || $status >= 300) {
        fail("$method $path answered $status: $answer");
    }
    return json_decode($answer, true)['data'];
}

/** The app's webhook route: one HTTP request read from the socket, verified, answered. */
function receive(mixed $server, string $secret): array
{
    $connection = stream_socket_accept($server, 15) ?: fail('no webhook within 15 s');
    $head = '';
    while (!str_contains($head, "\r\n\r\n")) {
        $chunk = fread($connection, 1);
        if ($chunk === '' || $chunk === false) {
            fail('the webhook request ended inside its headers');
        }
        $head .= $chunk;
    }
    $headers = [];
    foreach (array_slice(explode("\r\n", trim($head)), 1) as $line) {
        [$name, $value] = explode(':', $line, 2);
        $headers[strtolower(trim($name))] = trim($value);
    }
    $length = (int) ($headers['content-length'] ?? 0);
    $body = '';
    while (strlen($body) < $length) {
        $body .= fread($connection, $length - strlen($body));
    }
    try {
        verify_webhook($secret, $headers, $body);
        fwrite($connection, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
    } catch (WebhookVerificationError $e) {
        fwrite($connection, "HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        fail('a webhook from the sandbox did not verify: ' . $e->getMessage());
    } finally {
        fclose($connection);
    }
    return [$headers, $body];
}

function rejects(string $why, callable $verify, string $reason): void
{
    try {
        $verify();
    } catch (WebhookVerificationError $e) {
        if (!str_contains($e->getMessage(), $reason)) {
            fail("$why: rejected for another reason: " . $e->getMessage());
        }
        echo "ok - $why\n";
        return;
    }
    fail("$why: it was accepted");
}

if ($secret === '') {
    fail("PAYMENTS_WEBHOOK_SECRET is not set: give it the sandbox's --webhook-secret");
}
$server = stream_socket_server("tcp://$webhookHost:$webhookPort", $errno, $error)
    ?: fail("listening on WEBHOOK_PORT $webhookPort: $error");

$link = api('POST', '/payment-links', ['amount' => 150000, 'title' => 'Order #1001']);
api('POST', '/sandbox/simulate', ['payment_link_id' => $link['id'], 'event' => 'paid']);
do {
    [$headers, $body] = receive($server, $secret);
    $event = json_decode($body, true);
} while ($event['data']['id'] !== $link['id']);

if ($event['type'] !== 'payment_link.paid' || $event['data']['status'] !== 'succeeded') {
    fail('unexpected event: ' . $body);
}
echo "ok - the paid webhook verifies\n";

$tampered = str_replace('"amount":150000', '"amount":1', $body);
if ($tampered === $body) {
    fail('the body has no amount to tamper with');
}
rejects('a tampered body is rejected', fn () => verify_webhook($secret, $headers, $tampered), 'no v1 signature matches');
rejects(
    'a timestamp over 5 minutes off is rejected',
    fn () => verify_webhook($secret, $headers, $body, (int) $headers['webhook-timestamp'] + 301),
    'more than 5 minutes',
);
rejects(
    'another secret is rejected',
    fn () => verify_webhook('whsec_' . str_repeat('A', 32), $headers, $body),
    'no v1 signature matches',
);
