import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SandboxError } from '../errors';
import { bodyTooLarge } from './errorHandler';

/**
 * The request body chunk by chunk, counted against the route's limit: Fastify enforces bodyLimit
 * only on bodies it reads itself, and a streamed one it hands over unread.
 */
class CountedBody implements AsyncIterableIterator<Uint8Array> {
  private received = 0;
  private readonly chunks: AsyncIterator<Uint8Array>;

  constructor(
    stream: Readable,
    private readonly limit: number,
  ) {
    // Pulled by hand, never through for-await: leaving such a loop destroys the request, and with
    // it the socket the answer has to go out on.
    this.chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<Uint8Array>> {
    let step: IteratorResult<Uint8Array>;
    try {
      step = await this.chunks.next();
    } catch (err) {
      throw new SandboxError(
        'body_invalid_json',
        `The upload stopped before the whole body arrived (${(err as Error).message}); nothing was changed.`,
      );
    }
    if (step.done) return step;
    this.received += step.value.length;
    if (this.received > this.limit) throw bodyTooLarge(this.limit);
    return step;
  }

  /** Reads and drops the rest; false when that cannot be done (past the limit, or the client left). */
  async discardRest(): Promise<boolean> {
    try {
      while (!(await this.next()).done);
      return true;
    } catch {
      return false;
    }
  }
}

/**
 * Hands the request body to `read` as it arrives, within the route's bodyLimit. When `read`
 * refuses it, the rest of the upload is read and dropped before the refusal is sent: a server
 * that stops reading leaves a client that is still sending with a reset connection instead of the
 * answer. Past the limit, or once the client has gone, the connection is closed instead.
 */
export async function readStreamedBody<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  read: (body: AsyncIterable<Uint8Array>) => Promise<T>,
): Promise<T> {
  const limit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
  if (Number(request.headers['content-length']) > limit) {
    reply.header('connection', 'close');
    throw bodyTooLarge(limit);
  }
  // A bodiless request without a Content-Type reaches the route without going through a parser.
  const stream = request.body instanceof Readable ? request.body : Readable.from([]);
  const body = new CountedBody(stream, limit);
  try {
    return await read(body);
  } catch (err) {
    if (!(await body.discardRest())) reply.header('connection', 'close');
    throw err;
  }
}
