// The few lines of the example receivers (docs/examples/receivers/, whole in
// docs/webhook-receivers.md) that fix each probe of an endpoint check. Quoted, never written here:
// src/test/consoleEndpointChecks.test.ts checks each one is in its file as it stands.

export interface ReceiverSnippet {
  framework: 'Express' | 'Fastify' | 'Next.js' | 'Laravel' | 'Django';
  /** The file it is quoted from, from the repository's root. */
  file: string;
  code: string;
  /** Laravel and Django are not run by the sandbox's tests (no PHP or Django on its machines). */
  runHere: boolean;
}

/** Where the whole receivers are, with the rules they follow. */
export const RECEIVERS_DOC = 'docs/webhook-receivers.md';

const DIR = 'docs/examples/receivers';
const snippet = (framework: ReceiverSnippet['framework'], file: string, code: string): ReceiverSnippet => ({
  framework,
  file: `${DIR}/${file}`,
  code,
  runHere: framework !== 'Laravel' && framework !== 'Django',
});

const RAW_BODY = [
  snippet('Express', 'express.mjs', "app.post('/webhooks', express.raw({ type: '*/*' }), (req, res) => {"),
  snippet(
    'Fastify',
    'fastify.mjs',
    "webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));",
  ),
  snippet(
    'Next.js',
    'nextjs/app/api/webhooks/route.ts',
    'const body = Buffer.from(await request.arrayBuffer());',
  ),
  snippet(
    'Laravel',
    'laravel/WebhookController.php',
    "$event = verify_webhook(config('services.payment_links.webhook_secret'), $headers, $request->getContent());",
  ),
  snippet(
    'Django',
    'django/views.py',
    'event = verify(settings.WEBHOOK_SECRET, request.headers, request.body)',
  ),
];

const ANY_SIGNATURE = snippet(
  'Express',
  'express.mjs',
  `for (const signature of signatures.split(' ')) {
  if (!signature.startsWith('v1,')) continue;
  const given = Buffer.from(signature.slice(3), 'base64');
  // timingSafeEqual takes as long whatever the first differing byte: no timing oracle.
  if (given.length === expected.length && timingSafeEqual(given, expected)) return;
}`,
);

const TOLERANCE = [
  snippet(
    'Express',
    'express.mjs',
    `if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) {
  throw new Error('webhook-timestamp is more than 5 minutes from now');
}`,
  ),
];

const REFUSE_4XX = [
  snippet(
    'Express',
    'express.mjs',
    `} catch (err) {
  // 4xx, never 5xx: a bad signature will not get better by being retried.
  return res.status(400).json({ error: err.message });
}`,
  ),
  snippet(
    'Django',
    'django/views.py',
    `except (WebhookVerificationError, ValueError) as error:
    # 4xx, never 5xx: a bad signature will not get better by being retried.
    return JsonResponse({"error": str(error)}, status=400)`,
  ),
];

const DEDUPE = [
  snippet('Express', 'express.mjs', 'if (seen.has(id)) return res.status(204).end();'),
  snippet('Fastify', 'fastify.mjs', 'if (seen.has(id)) return reply.code(204).send();'),
  snippet(
    'Laravel',
    'laravel/WebhookController.php',
    `if (!Cache::add('webhook:' . $headers['webhook-id'], true, now()->addDays(7))) {
    return response()->noContent();
}`,
  ),
];

const ORDER = [
  snippet(
    'Next.js',
    'nextjs/lib/receiver.ts',
    'const RANK: Record<Status, number> = { pending: 0, failed: 1, succeeded: 2, expired: 2, canceled: 2 };',
  ),
  snippet('Express', 'express.mjs', 'if (RANK[status] > RANK[order.status]) order.status = status;'),
];

const UNKNOWN = [
  snippet(
    'Express',
    'express.mjs',
    'if (!status) return; // a type this receiver does not know: acknowledged, ignored',
  ),
];

/** Each probe's fix in code, by the probe's name; a probe not named here has its fix in words only. */
export const PROBE_SNIPPETS: Readonly<Record<string, readonly ReceiverSnippet[]>> = {
  wrong_signature: [...RAW_BODY, ...REFUSE_4XX],
  missing_signature: REFUSE_4XX,
  stale_timestamp: TOLERANCE,
  future_timestamp: TOLERANCE,
  rotated_secret: [ANY_SIGNATURE],
  duplicate: DEDUPE,
  out_of_order: ORDER,
  unknown_type: UNKNOWN,
  large_body: RAW_BODY,
};
