// The response headers of docs/security.md. Constant objects: `admit` stamps EVERY_RESPONSE on
// each reply with one reply.headers() call, the cheapest way on the API's hot path.

/** Every response: no page may frame any of ours (clickjacking), and no MIME sniffing. */
export const EVERY_RESPONSE = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
} as const;

/**
 * The console (index.html, its assets, the not-built and token pages). The same policy as the
 * <meta> CSP in src/renderer/index.html, plus what only a header can say: frame-ancestors.
 */
export const CONSOLE_HEADERS = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
} as const;

/**
 * The checkout page and its other answers: no script, no loads but the icon, only the page's own
 * inline <style>, forms that post back to this origin. The referrer (the link id is in the URL)
 * goes to no other origin; `same-origin` rather than `no-referrer`, because under `no-referrer`
 * the browser sends the page's own Pay and Decline posts with `Origin: null`, which the Origin
 * check refuses.
 */
export const CHECKOUT_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'referrer-policy': 'same-origin',
} as const;
