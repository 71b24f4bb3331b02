import { existsSync } from 'node:fs';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CONSOLE_HEADERS } from '../securityHeaders';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment Links Sandbox</title></head>
<body style="font-family:system-ui,sans-serif;padding:40px;max-width:640px">
<h1>Payment Links Sandbox</h1><p>The API is running. The console has not been built yet:
run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p>
<p>API reference: <a href="/openapi.json">/openapi.json</a></p></body></html>`;

/**
 * The console UI at / : the built renderer when there is one, else a page that says how to build
 * it; behind the console token when there is one. Each answer carries the console's CSP (a header:
 * browsers ignore frame-ancestors in a <meta> CSP).
 */
export async function consoleRoutes(
  app: FastifyInstance,
  consoleDir: string | undefined,
  tokenGate: onRequestHookHandler | undefined,
): Promise<void> {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(CONSOLE_HEADERS);
    done();
  });
  if (tokenGate) app.addHook('onRequest', tokenGate);
  if (consoleDir && existsSync(consoleDir)) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
    });
    return;
  }
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(NOT_BUILT),
  );
}
