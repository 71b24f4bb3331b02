import type { FastifyRequest } from 'fastify';
import { SandboxError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Contract §10 against CSRF: a state-changing console request that carries an Origin must come
 * from the console's own origin. Clients that send no Origin (curl, scripts) are not browsers a
 * foreign page could drive, and pass; JSON bodies are required anyway, which a plain form cannot send.
 */
export function checkOrigin(request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const own = `http://${request.headers.host ?? ''}`;
  if (origin.toLowerCase() !== own.toLowerCase()) {
    throw new SandboxError(
      'origin_not_allowed',
      `Cross-origin request from ${origin} refused: the console API accepts changes only from its own page (${own}).`,
    );
  }
}
