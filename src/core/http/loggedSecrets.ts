// What the request log keeps of a secret (docs/contract.md §10): enough to tell one from another,
// never the whole. The log is on disk (requests.jsonl), read at GET /sandbox/logs and shown by the
// console, so a secret there is a secret handed out.

/** An API key: its first 12 characters (sk_test_ and 4 more). */
export const keyPrefix = (key: string): string => `${key.slice(0, 12)}…`;

const SECRET_MARK = 'whsec_';
/** whsec_ and its base64, "/" escaped as "\/" too (PHP's json_encode writes it so). */
const WEBHOOK_SECRET = /whsec_(?:[A-Za-z0-9+=]|\\?\/)+/g;
/** Characters of a secret kept after whsec_, as many as a key keeps after sk_test_. */
const SECRET_SHOWN = 4;

/**
 * Each whsec_ signing secret in a logged body cut to `whsec_` and 4 characters, then "…": endpoint
 * creates, updates and reads, endpoint checks, exports. A body without one costs one `includes`.
 */
export function withoutWebhookSecrets(text: string): string {
  if (!text.includes(SECRET_MARK)) return text;
  return text.replace(WEBHOOK_SECRET, (secret) => `${secret.slice(0, SECRET_MARK.length + SECRET_SHOWN)}…`);
}
