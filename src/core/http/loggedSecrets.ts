// What the request log keeps of a secret (docs/contract.md §10): enough to tell one from another,
// never the whole. The log is on disk (requests.jsonl), read at GET /sandbox/logs and shown by the
// console, so a secret there is a secret handed out.

import { rememberLast } from '../rememberLast';

/** An API key: its first 12 characters (sk_test_ and 4 more). */
export const keyPrefix = rememberLast((key) => `${key.slice(0, 12)}…`);

const SECRET_MARK = 'whsec_';
/**
 * whsec_, the 4 characters of its base64 kept, and more: a "/" escaped as "\/" (PHP's json_encode
 * writes it so) is one character, never cut in two, and an already cut secret (4 and "…") is left
 * as it is, so a Replay's entry reads the same.
 */
const WEBHOOK_SECRET = /whsec_((?:[A-Za-z0-9+=]|\\?\/){4})(?:[A-Za-z0-9+=]|\\?\/)+/g;

/**
 * Each whsec_ signing secret in a logged body cut to `whsec_` and 4 characters, then "…": endpoint
 * creates, updates and reads, endpoint checks, exports, an error that quotes one. A body without
 * one costs one `includes`.
 */
export function withoutWebhookSecrets(text: string): string {
  return text.includes(SECRET_MARK) ? text.replace(WEBHOOK_SECRET, `${SECRET_MARK}$1…`) : text;
}
