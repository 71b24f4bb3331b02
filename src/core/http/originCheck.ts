import type { FastifyRequest } from 'fastify';
import { SandboxError } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a page served by this server for this request has: `http://` and the Host. */
export const ownOrigin = (request: FastifyRequest): string => `http://${request.headers.host ?? ''}`;

/**
 * docs/contract.md §10 against CSRF: the Origin of a state-changing request that does not come from this
 * server's own pages, else undefined. Own pages are those of the request's own origin and of
 * `alsoAllowed` (the checkout's public URL, when a proxy or tunnel serves it over https). Clients
 * that send no Origin (curl, scripts) are not browsers a foreign page could drive, and pass;
 * `Origin: null` (a sandboxed frame, a page that hides its origin) is foreign.
 */
export function foreignOrigin(request: FastifyRequest, alsoAllowed?: string): string | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const given = origin.toLowerCase();
  if (given === ownOrigin(request).toLowerCase()) return undefined;
  if (alsoAllowed !== undefined && given === alsoAllowed.toLowerCase()) return undefined;
  return origin;
}

/**
 * The console API's check: JSON bodies are required anyway, which a plain form cannot send, and a
 * foreign Origin is refused with 403 origin_not_allowed.
 */
export function checkOrigin(request: FastifyRequest): void {
  const origin = foreignOrigin(request);
  if (origin !== undefined) {
    throw new SandboxError(
      'origin_not_allowed',
      `Cross-origin request from ${origin} refused: the console API accepts changes only from its own page (${ownOrigin(request)}).`,
    );
  }
}
