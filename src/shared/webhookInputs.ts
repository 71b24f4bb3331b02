// What makes a webhook endpoint's URL and signing secret usable, said alike wherever one is given:
// the API and the console, an endpoint check, check-endpoint, serve's --webhook-url and
// --webhook-secret, startTestSandbox, a configuration file and an import; and what every other
// http(s) URL field (Forward to…, the public_url setting) says of a URL that is not one.
import { WEBHOOK_SECRET_PATTERN, WEBHOOK_SECRET_WORDS } from './exportRecords';

const SECRET = new RegExp(WEBHOOK_SECRET_PATTERN);

const EXAMPLE_WEBHOOK_URL = 'http://localhost:3000/webhooks';

/**
 * Why `url` is not an absolute http(s) URL, as a sentence saying what is wrong and what is allowed,
 * or null when it is one. `use` finishes "only http:// and https:// URLs …" (what the URL is for);
 * `example` is a URL that would do.
 */
export function httpUrlProblem(url: string, use: string, example: string): string | null {
  const shown = JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}…` : url);
  // "localhost:4700/ok" parses, as the scheme "localhost:": without "://" no scheme was meant.
  if (!url.includes('://')) {
    const fixed = `http://${url.trim()}`;
    return URL.canParse(fixed) && url.trim() !== ''
      ? `${shown} has no http:// or https:// in front: add http:// or https://, e.g. ${fixed.length > 90 ? example : fixed}.`
      : `${shown} is not a web address. Use an absolute http:// or https:// URL, for example ${example}.`;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${shown} is not a web address. Use an absolute http:// or https:// URL, for example ${example}.`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `${shown} starts with ${parsed.protocol}//, but only http:// and https:// URLs ${use} (for example ${example}).`;
  }
  return null;
}

/** Why a webhook URL is unusable, as a sentence a person can act on, or null when it is fine. */
export const webhookUrlProblem = (url: string): string | null =>
  httpUrlProblem(url, 'can receive webhooks', EXAMPLE_WEBHOOK_URL);

/** Why a public_url setting (the base of checkout URLs) is unusable, or null when its scheme is fine. */
export const publicUrlProblem = (url: string): string | null =>
  httpUrlProblem(url, 'can be the base of checkout URLs', 'https://pay.example.test');

/**
 * Why `secret`, given as `name`, cannot be an endpoint's signing secret, or null when it can. The
 * secret itself is never repeated: a message may be logged.
 */
export function webhookSecretProblem(secret: string, name: string): string | null {
  return SECRET.test(secret)
    ? null
    : `${name} must be ${WEBHOOK_SECRET_WORDS}, the signing secret the endpoint verifies with`;
}
