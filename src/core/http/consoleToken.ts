import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

export const CONSOLE_COOKIE = 'pls_console_token';

export const newConsoleToken = (): string => randomBytes(18).toString('base64url');

/** Loopback binds are reachable only from this machine; anything else needs the console token. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * Why this console asks for its token, true to how the sandbox listens: a loopback bind asks only
 * when a token was given at start.
 */
export function whyTokenAsked(host: string | undefined): string {
  return host === undefined || isLoopbackHost(host)
    ? 'This sandbox was started with a console token'
    : `This sandbox listens on ${host}, beyond this machine`;
}

const deniedPage = (
  why: string,
): string => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Console token needed</title></head>
<body style="font-family:system-ui,sans-serif;padding:40px;max-width:640px"><h1>Console token needed</h1>
<p>${why}, so its console asks for the token printed when it started:
open the <strong>Console:</strong> URL from its output (it ends in <code>?token=…</code>).</p></body></html>`;

/**
 * The token a console request carries as ?token=…, taken out of its query: every console route
 * takes it (docs/console-api.md), none as a parameter of its own, so the route's own parameters
 * are checked as if it had not been there and an unknown one is still refused.
 */
export function takeQueryToken(request: FastifyRequest): unknown {
  const query = request.query as Record<string, unknown> | undefined;
  if (query === undefined || !('token' in query)) return undefined;
  const token = query.token;
  delete query.token;
  return token;
}

/**
 * docs/contract.md §10: with a non-loopback bind, the console answers only to its token, given once as
 * ?token=… and then kept in an HttpOnly, same-site cookie. The API keeps its own bearer keys.
 */
export function consoleTokenGate(
  token: string,
  why: string,
  deny: (reply: FastifyReply) => void = (reply) =>
    void reply.code(401).type('text/html; charset=utf-8').send(deniedPage(why)),
): onRequestHookHandler {
  return (request, reply, done) => {
    const fromQuery = takeQueryToken(request);
    if (typeof fromQuery === 'string' && sameToken(fromQuery, token)) {
      reply.header('set-cookie', `${CONSOLE_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`);
      done();
      return;
    }
    if (sameToken(cookieValue(request.headers.cookie, CONSOLE_COOKIE), token)) {
      done();
      return;
    }
    deny(reply);
  };
}
