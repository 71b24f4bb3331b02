<?php
// Standard Webhooks signature check with PHP's standard library only.
//
// The signed content is "{webhook-id}.{webhook-timestamp}.{body}", signed with HMAC-SHA256 under
// the bytes of the secret after "whsec_" (base64-decoded). The webhook-signature header lists one
// or more "v1,<base64>" signatures separated by spaces: during a secret rotation both are sent.

declare(strict_types=1);

final class WebhookVerificationError extends Exception
{
}

const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Returns the decoded event if the webhook is genuine and fresh; throws WebhookVerificationError otherwise.
 *
 * @param array<string, string> $headers lower-case names: webhook-id, webhook-timestamp, webhook-signature
 * @param string $body the raw request body, exactly as received (not re-encoded JSON)
 */
function verify_webhook(string $secret, array $headers, string $body, ?int $now = null): array
{
    $id = $headers['webhook-id'] ?? '';
    $timestamp = $headers['webhook-timestamp'] ?? '';
    $signatures = $headers['webhook-signature'] ?? '';
    if ($id === '' || $timestamp === '' || $signatures === '') {
        throw new WebhookVerificationError('missing webhook-id, webhook-timestamp or webhook-signature');
    }
    if (!ctype_digit($timestamp)) {
        throw new WebhookVerificationError('webhook-timestamp is not a number of seconds');
    }
    // A replayed old request, or a clock far off: either way the signature proves nothing now.
    if (abs(($now ?? time()) - (int) $timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
        throw new WebhookVerificationError('webhook-timestamp is more than 5 minutes from now');
    }
    $key = base64_decode(str_starts_with($secret, 'whsec_') ? substr($secret, 6) : $secret, true);
    if ($key === false) {
        throw new WebhookVerificationError('the secret is not whsec_ followed by base64');
    }
    $expected = base64_encode(hash_hmac('sha256', "$id.$timestamp.$body", $key, true));
    foreach (explode(' ', $signatures) as $signature) {
        // hash_equals takes as long whatever the first differing byte: no timing oracle.
        if (str_starts_with($signature, 'v1,') && hash_equals($expected, substr($signature, 3))) {
            return json_decode($body, true, 512, JSON_THROW_ON_ERROR);
        }
    }
    throw new WebhookVerificationError('no v1 signature matches: the body, the headers or the secret differ');
}
