import { invalidJsonSentence } from './jsonSyntaxWording';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from '../errors';
import { errorBody } from './envelope';

const BODY_PROBLEMS: Record<string, (request: FastifyRequest) => SandboxError> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: (request) =>
    new SandboxError(
      'unsupported_media_type',
      `Unsupported Content-Type ${JSON.stringify(request.headers['content-type'] ?? 'none')}; send the body as JSON with Content-Type: application/json.`,
    ),
  // Each route may set its own limit (a store import takes far more than an API call).
  FST_ERR_CTP_BODY_TOO_LARGE: (request) => bodyTooLarge(request.routeOptions.bodyLimit ?? 64 * 1024),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new SandboxError(
      'body_invalid_json',
      'The body is empty but Content-Type says application/json; send a JSON object.',
    ),
};

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/** A body past the route's own limit, named in the unit a person would use. */
export function bodyTooLarge(limit: number): SandboxError {
  const size =
    limit >= GiB ? `${limit / GiB} GiB` : limit >= MiB ? `${limit / MiB} MiB` : `${limit / KiB} KiB`;
  return new SandboxError(
    'body_too_large',
    `The request body is larger than ${size} (${limit} bytes), the most this route accepts.`,
  );
}

export function sendError(reply: FastifyReply, err: SandboxError): FastifyReply {
  if (err.code.startsWith('api_key_')) reply.header('www-authenticate', 'Bearer');
  if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
  return reply
    .code(err.status)
    .type('application/json; charset=utf-8')
    .send(errorBody(err, reply.request.id));
}

/** Turns whatever went wrong into the contract's error envelope; only a bug becomes a 500. */
export function installErrorHandler(
  app: FastifyInstance,
  report: (err: Error, request: FastifyRequest) => void,
): void {
  app.setErrorHandler((err: FastifyError | SandboxError, request, reply) => {
    if (err instanceof SandboxError) return sendError(reply, err);
    if (
      err.validation &&
      err.validation.length > 0 &&
      (err.validation as unknown[])[0] instanceof SandboxError
    ) {
      return sendError(reply, (err.validation as unknown[])[0] as SandboxError);
    }
    const mapped = err.code ? BODY_PROBLEMS[err.code] : undefined;
    if (mapped) return sendError(reply, mapped(request));
    const status = err.statusCode ?? 500;
    if (status === 400 && (err instanceof SyntaxError || err.code?.startsWith('FST_ERR_CTP'))) {
      return sendError(reply, new SandboxError('body_invalid_json', invalidJsonSentence(err.message)));
    }
    if (status >= 400 && status < 500) {
      return sendError(
        reply,
        new SandboxError('parameter_invalid', `The request could not be read: ${err.message}.`),
      );
    }
    report(err, request);
    return sendError(
      reply,
      new SandboxError(
        'internal_error',
        `The sandbox hit a bug handling this request (${request.id}); it has been logged.`,
      ),
    );
  });
}
