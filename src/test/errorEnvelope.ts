import assert from 'node:assert/strict';
import type { ApiResponse } from './harness';

// The contract's table (§3), written out here rather than imported, so the product cannot drift.
const TYPE_OF: Record<string, string> = {
  body_invalid_json: 'invalid_request_error',
  parameter_missing: 'invalid_request_error',
  parameter_invalid: 'invalid_request_error',
  parameter_unknown: 'invalid_request_error',
  idempotency_key_invalid: 'invalid_request_error',
  api_key_missing: 'authentication_error',
  api_key_invalid: 'authentication_error',
  api_key_live_mode: 'authentication_error',
  resource_not_found: 'invalid_request_error',
  route_not_found: 'invalid_request_error',
  method_not_allowed: 'invalid_request_error',
  payment_link_not_cancelable: 'invalid_request_error',
  invalid_state_transition: 'invalid_request_error',
  idempotency_request_in_progress: 'idempotency_error',
  body_too_large: 'invalid_request_error',
  unsupported_media_type: 'invalid_request_error',
  host_not_allowed: 'invalid_request_error',
  idempotency_key_reused: 'idempotency_error',
};

export interface Expect {
  param?: string;
  /** Each must appear in `message` (strings case-insensitively). */
  mentions?: (string | RegExp)[];
}

type AnyResponse =
  ApiResponse | { status: number; headers: Record<string, string | string[] | undefined>; text: string };

function header(res: AnyResponse, name: string): string | null {
  if (res.headers instanceof Headers) return res.headers.get(name);
  const value = res.headers[name];
  return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
}

/** The error envelope of docs/contract.md §2, with the status, type and code of §3. */
export function assertError(res: AnyResponse, status: number, code: string, expect: Expect = {}) {
  const where = `${status} ${code} expected, got ${res.status} ${res.text.slice(0, 300)}`;
  assert.equal(res.status, status, where);
  assert.match(header(res, 'content-type') ?? '', /^application\/json/, where);
  const body = JSON.parse(res.text);
  assert.deepEqual(Object.keys(body).sort(), ['error', 'meta'], where);
  const error = body.error;
  assert.equal(error.code, code, where);
  assert.equal(error.type, TYPE_OF[code], where);
  assert.equal(typeof error.message, 'string');
  assert.ok(error.message.length > 10, `message too short to help: ${error.message}`);
  for (const key of Object.keys(error)) assert.ok(['type', 'code', 'message', 'param'].includes(key), key);
  if (expect.param !== undefined) assert.equal(error.param, expect.param, where);
  for (const m of expect.mentions ?? []) {
    if (typeof m === 'string') {
      assert.ok(
        error.message.toLowerCase().includes(m.toLowerCase()),
        `"${error.message}" should mention ${m}`,
      );
    } else assert.match(error.message, m);
  }
  assert.match(body.meta.request_id, /^req_/);
  assert.equal(header(res, 'x-request-id'), body.meta.request_id);
  if (status === 401) assert.equal(header(res, 'www-authenticate'), 'Bearer');
  return error as { type: string; code: string; message: string; param?: string };
}
