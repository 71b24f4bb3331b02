// What the request log keeps (docs/storage.md, "The request log"): the rule the core applies and the
// words the API and the console use when a request has gone.

/** The console's own and the checkout page's requests kept apart, in memory, the newest this many. */
export const OTHER_REQUESTS_KEPT = 1000;

/** Why a logged request may be gone, in the 404 and in the console alike. */
export const REQUEST_GONE_WHY = `API requests are kept within the request_log_mb setting (the oldest go first), others the newest ${OTHER_REQUESTS_KEPT.toLocaleString('en')} since the sandbox started (the console's own and the checkout page's); a reset empties the log.`;
