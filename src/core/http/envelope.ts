import type { Pagination } from '../../shared/types';
import { ERROR_CATALOG, type SandboxError } from '../errors';

// Bodies are serialised here, once, so the idempotency store keeps the exact bytes it replays.
export const dataBody = (data: unknown, requestId: string): string =>
  JSON.stringify({ data, meta: { request_id: requestId } });

export const listBody = (data: unknown[], pagination: Pagination, requestId: string): string =>
  JSON.stringify({ data, pagination, meta: { request_id: requestId } });

export const errorBody = (err: SandboxError, requestId: string): string =>
  JSON.stringify({
    error: {
      type: ERROR_CATALOG[err.code].type,
      code: err.code,
      message: err.message,
      ...(err.param === undefined ? {} : { param: err.param }),
    },
    meta: { request_id: requestId },
  });
