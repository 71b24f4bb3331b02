import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { newRequestId } from '../domain/ids';
import { SandboxError } from '../errors';
import { errorBody } from './envelope';
import { EVERY_RESPONSE } from './securityHeaders';

interface ClientError extends Error {
  code?: string;
}

/** What Node's HTTP parser refused, before any route or hook saw the request. */
function describe(err: ClientError): { status: number; error: SandboxError } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      error: new SandboxError(
        'parameter_invalid',
        'The request did not arrive in time; send it whole, at once.',
      ),
    };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      error: new SandboxError(
        'parameter_invalid',
        'The request headers are larger than 16 KiB, the most Node accepts; send fewer or shorter headers.',
      ),
    };
  }
  const reason = err.code?.startsWith('HPE_') ? ` (${err.message.replace(/^Parse Error: /, '')})` : '';
  return {
    status: 400,
    error: new SandboxError(
      'parameter_invalid',
      `The request is not valid HTTP/1.1${reason}: check its request line, Content-Length and Transfer-Encoding.`,
    ),
  };
}

/**
 * Answers what the HTTP parser refuses (a header over 16 KiB, a malformed Content-Length, a
 * timeout) in the same envelope as every other error, with a request id and the headers every
 * response carries, instead of Fastify's own body. The connection is closed after it, as Node does.
 */
export function answerClientError(err: ClientError, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const described = describe(err);
  if (socket.writable) {
    const requestId = newRequestId();
    const body = errorBody(described.error, requestId);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'x-request-id': requestId,
      connection: 'close',
      ...EVERY_RESPONSE,
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(`HTTP/1.1 ${described.status} ${STATUS_CODES[described.status]}\r\n${head}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
