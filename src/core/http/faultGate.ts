import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FaultAction, FaultRule } from '../../shared/faults';
import { requestLogEntry } from './requestLog';

declare module 'fastify' {
  interface FastifyRequest {
    /** The fault rule that hit this request (docs/contract.md §13), or null. */
    fault: FaultRule | null;
    /** The wait a latency rule drew for this request (ms plus jitter), or null. */
    faultLatencyMs: number | null;
  }
}

/** Codes for statuses the contract does not name; `code` in the rule overrides any of them. */
const DEFAULT_CODES: Record<number, string> = {
  400: 'parameter_invalid',
  401: 'api_key_invalid',
  403: 'forbidden',
  404: 'resource_not_found',
  408: 'request_timeout',
  409: 'conflict',
  429: 'rate_limited',
  503: 'service_unavailable',
};

function errorType(status: number): string {
  if (status === 429) return 'rate_limit_error';
  if (status === 401) return 'authentication_error';
  return status >= 500 ? 'api_error' : 'invalid_request_error';
}

/** The contract's error envelope for a status a rule answers with, as a real failure would look. */
function faultErrorBody(action: FaultAction, rule: FaultRule, requestId: string): string {
  const status = action.status as number;
  const code = action.code ?? DEFAULT_CODES[status] ?? (status >= 500 ? 'internal_error' : 'fault_injected');
  return JSON.stringify({
    error: {
      type: errorType(status),
      code,
      message: `The sandbox answered ${status} on purpose: fault rule ${rule.id} hit this request (GET /sandbox/faults lists the rules).`,
    },
    meta: { request_id: requestId },
  });
}

/**
 * A fault that answers in the API's place does so before Fastify reads the body; the request log
 * keeps what the app sent all the same (docs/storage.md, "The request log"), so the body is read
 * here, within the API's body limit, and the rest left unread.
 */
function readBody(request: FastifyRequest, then: () => void): void {
  const raw = request.raw;
  const sent =
    Number(raw.headers['content-length'] ?? 0) > 0 || raw.headers['transfer-encoding'] !== undefined;
  if (!sent || raw.readableEnded) {
    then();
    return;
  }
  const limit = request.routeOptions.bodyLimit ?? 64 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  const finish = (): void => {
    raw.off('data', onData).off('end', finish).off('error', finish);
    request.rawBody = Buffer.concat(chunks).toString('utf8');
    then();
  };
  const onData = (chunk: Buffer): void => {
    chunks.push(chunk.subarray(0, Math.max(0, limit - size)));
    size += chunk.length;
    if (size >= limit) {
      raw.pause();
      finish();
    }
  };
  raw.on('data', onData).on('end', finish).on('error', finish);
}

/** Closes the connection with no answer; the request is logged here, as no response will finish it. */
function hangUp(request: FastifyRequest, reply: FastifyReply, log: boolean, status: number): void {
  reply.hijack();
  request.raw.socket?.destroy();
  const { requests, clock } = request.workspace;
  if (log) requests.record({ ...requestLogEntry(request, reply, clock.now()), status, api: true });
}

/**
 * The API scope's fault hooks. The onRequest part runs after authentication, and only while a rule
 * is on in the request's sandbox (createApp asks its faults.armed first, so without one a request pays one cached check). A status or a drop answers before
 * the request is done; latency waits, then lets it through; lose_response lets it run to its
 * durable end and cuts the connection instead of sending its answer.
 */
export function faultGate(log: boolean) {
  return {
    onRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
      const hit = request.workspace.faults.hit(request.method, request.routeOptions.url, request.apiKey);
      if (!hit) {
        done();
        return;
      }
      request.fault = hit.rule;
      const { action } = hit.rule;
      const answer = (): void => {
        if (action.type === 'status') {
          const status = action.status as number;
          const retryAfter = action.retry_after_seconds ?? (status === 429 ? 1 : undefined);
          if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
          reply
            .code(status)
            .type('application/json; charset=utf-8')
            .send(faultErrorBody(action, hit.rule, request.id));
        } else if (action.type === 'latency') {
          request.faultLatencyMs = hit.latencyMs ?? null;
          setTimeout(done, hit.latencyMs ?? 0);
        } else if (action.type === 'drop') hangUp(request, reply, log, 0);
        else done();
      };
      hit.counted.then(
        () => (action.type === 'status' || action.type === 'drop' ? readBody(request, answer) : answer()),
        done,
      );
    },
    install(api: FastifyInstance): void {
      api.addHook('onSend', (request, reply, payload, done) => {
        if (request.fault?.action.type !== 'lose_response') {
          done(null, payload);
          return;
        }
        // The handler has committed its change and its idempotency record before sending.
        if (typeof payload === 'string') request.sentBody = payload;
        hangUp(request, reply, log, reply.statusCode);
      });
    },
  };
}
