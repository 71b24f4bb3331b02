<?php
// Parallel test workers against one sandbox, each in a workspace of its own (docs/ci.md): this
// script starts four copies of itself with proc_open, and each uses its own key,
// sk_test_ws_php_<n>, so its links, webhooks, clock and faults are its own.
//
// Environment: PAYMENTS_BASE_URL (default http://127.0.0.1:4545).
// Run: php parallel_workers.php   (exit 0 when no worker saw another's link, webhook, clock or fault)

declare(strict_types=1);

require __DIR__ . '/webhooks.php';

$baseUrl = getenv('PAYMENTS_BASE_URL') ?: 'http://127.0.0.1:4545';
const WORKERS = 4;
const ROUNDS = 3;

/** One request with the worker's key: the answer's data. */
function call(string $key, string $method, string $path, ?array $body = null, array $headers = []): mixed
{
    global $baseUrl;
    $header = "Authorization: Bearer $key\r\nContent-Type: application/json\r\n";
    foreach ($headers as $name => $value) {
        $header .= "$name: $value\r\n";
    }
    $context = stream_context_create(['http' => [
        'method' => $method,
        'header' => $header,
        'content' => $body === null ? '' : json_encode($body),
        'timeout' => 30,
        'ignore_errors' => true,
    ]]);
    $answer = file_get_contents($baseUrl . $path, false, $context);
    $status = (int) explode(' ', $http_response_header[0] ?? 'HTTP/1.1 0')[1];
    if ($answer === false || $status >= 300) {
        throw new RuntimeException("$method $path answered $status: $answer");
    }
    return json_decode($answer, true)['data'];
}

/** The worker's webhook route: one request read from its own socket, answered 204. */
function receive(mixed $server): array
{
    $connection = stream_socket_accept($server, 20);
    if ($connection === false) {
        throw new RuntimeException('no webhook within 20 s');
    }
    $head = '';
    while (!str_contains($head, "\r\n\r\n")) {
        $head .= fread($connection, 1);
    }
    $headers = [];
    foreach (array_slice(explode("\r\n", trim($head)), 1) as $line) {
        [$name, $value] = explode(':', $line, 2);
        $headers[strtolower(trim($name))] = trim($value);
    }
    $body = '';
    while (strlen($body) < (int) $headers['content-length']) {
        $body .= fread($connection, (int) $headers['content-length'] - strlen($body));
    }
    fwrite($connection, "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n");
    fclose($connection);
    return [$headers, $body];
}

/** One worker's rounds; throws what went wrong. */
function worker(int $n): void
{
    $key = "sk_test_ws_php_$n";
    $server = stream_socket_server('tcp://127.0.0.1:0');
    $url = 'http://' . stream_socket_get_name($server, false) . '/webhooks';
    $secret = call($key, 'POST', '/sandbox/endpoints', ['url' => $url])['secret'];
    for ($round = 0; $round < ROUNDS; $round++) {
        call($key, 'POST', '/sandbox/reset');
        $order = ['Idempotency-Key' => "order-$round"];
        $body = ['amount' => 1000 + $round, 'title' => "php worker $n"];
        $link = call($key, 'POST', '/payment-links', $body, $order);
        if (call($key, 'POST', '/payment-links', $body, $order)['id'] !== $link['id']) {
            throw new RuntimeException('a retry made a second link');
        }
        call($key, 'POST', '/sandbox/simulate', ['payment_link_id' => $link['id'], 'event' => 'paid']);
        [$headers, $raw] = receive($server);
        $event = verify_webhook($secret, $headers, $raw);
        if ($event['data']['id'] !== $link['id']) {
            throw new RuntimeException("got the webhook of a link not its own: {$event['data']['id']}");
        }
        $listed = array_column(call($key, 'GET', '/payment-links?per_page=100'), 'id');
        if ($listed !== [$link['id']]) {
            throw new RuntimeException('its list holds ' . count($listed) . ' links, not its one');
        }
        call($key, 'POST', '/sandbox/clock/advance', ['seconds' => 86400]);
        $rule = call($key, 'POST', '/sandbox/faults', [
            'match' => ['method' => 'GET'],
            'action' => ['type' => 'status', 'status' => 503],
        ]);
        if (array_column(call($key, 'GET', '/sandbox/faults'), 'id') !== [$rule['id']]) {
            throw new RuntimeException('it sees fault rules not its own');
        }
        call($key, 'DELETE', '/sandbox/faults/' . $rule['id']);
    }
}

if (($argv[1] ?? '') === 'worker') {
    try {
        worker((int) $argv[2]);
        exit(0);
    } catch (Throwable $e) {
        fwrite(STDERR, "worker $argv[2]: {$e->getMessage()}\n");
        exit(1);
    }
}

$workers = [];
for ($n = 0; $n < WORKERS; $n++) {
    $workers[$n] = proc_open([PHP_BINARY, __FILE__, 'worker', (string) $n], [], $pipes);
}
$failed = 0;
foreach ($workers as $worker) {
    $failed += proc_close($worker) === 0 ? 0 : 1;
}
if ($failed > 0) {
    fwrite(STDERR, "$failed of " . WORKERS . " workers failed\n");
    exit(1);
}
echo WORKERS . ' workers, ' . ROUNDS . " rounds each: none saw another's link, webhook, clock or fault.\n";
