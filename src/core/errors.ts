/** Every error the API can answer with, and the HTTP status and type it carries (docs/contract.md §3). */
export const ERROR_CATALOG = {
  body_invalid_json: { status: 400, type: 'invalid_request_error' },
  parameter_missing: { status: 400, type: 'invalid_request_error' },
  parameter_invalid: { status: 400, type: 'invalid_request_error' },
  parameter_unknown: { status: 400, type: 'invalid_request_error' },
  idempotency_key_invalid: { status: 400, type: 'invalid_request_error' },
  api_key_missing: { status: 401, type: 'authentication_error' },
  api_key_invalid: { status: 401, type: 'authentication_error' },
  api_key_live_mode: { status: 401, type: 'authentication_error' },
  resource_not_found: { status: 404, type: 'invalid_request_error' },
  /** Console API only: the link exists, but the Links table's filters leave it out. */
  link_not_in_view: { status: 404, type: 'invalid_request_error' },
  route_not_found: { status: 404, type: 'invalid_request_error' },
  method_not_allowed: { status: 405, type: 'invalid_request_error' },
  payment_link_not_cancelable: { status: 409, type: 'invalid_request_error' },
  invalid_state_transition: { status: 409, type: 'invalid_request_error' },
  idempotency_request_in_progress: { status: 409, type: 'idempotency_error' },
  /** Console API only: a store import is already running; one runs at a time. */
  import_in_progress: { status: 409, type: 'invalid_request_error' },
  body_too_large: { status: 413, type: 'invalid_request_error' },
  unsupported_media_type: { status: 415, type: 'invalid_request_error' },
  host_not_allowed: { status: 421, type: 'invalid_request_error' },
  /** Console API only: bound beyond loopback, the console's token was not given (docs/contract.md §10). */
  console_token_required: { status: 401, type: 'authentication_error' },
  /** Console API only: a state-changing request from another site (docs/contract.md §10, CSRF). */
  origin_not_allowed: { status: 403, type: 'invalid_request_error' },
  /** A write that would make one workspace more than the server's limit (docs/contract.md §15). */
  workspace_limit_reached: { status: 403, type: 'invalid_request_error' },
  idempotency_key_reused: { status: 422, type: 'idempotency_error' },
  /**
   * A fault rule answers it (docs/faults.md); the sandbox itself limits no request rate, only how
   * many endpoint checks run at once (docs/endpoint-check.md).
   */
  rate_limited: { status: 429, type: 'rate_limit_error' },
  internal_error: { status: 500, type: 'api_error' },
  /** The data directory refused a write (disk full, read-only…): the change was rolled back. */
  storage_unavailable: { status: 503, type: 'api_error' },
  /** Only a fault rule answering 503 without a code of its own (docs/faults.md). */
  service_unavailable: { status: 503, type: 'api_error' },
} as const;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export class SandboxError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
    /** Sent as Retry-After: when a request refused for now may be made again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'SandboxError';
  }

  get status(): number {
    return ERROR_CATALOG[this.code].status;
  }
}
