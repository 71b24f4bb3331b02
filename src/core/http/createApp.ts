import Fastify, { type FastifyInstance, type FastifyRequest, type onRequestHookHandler } from 'fastify';
import swagger from '@fastify/swagger';
import { newRequestId } from '../domain/ids';
import { SandboxError } from '../errors';
import type { SandboxCore } from '../sandboxCore';
import { authenticate } from './auth';
import { installErrorHandler, sendError } from './errorHandler';
import { createHostCheck } from './hostCheck';
import { completeDocument, documentIdempotencyKey, openApiInfo } from './openApiInfo';
import { requestLogEntry } from './requestLog';
import { checkoutRoutes } from './routes/checkoutRoutes';
import { consoleRoutes } from './routes/consoleRoutes';
import { methodNotAllowedRoutes, routeNotFound } from './routes/fallbackRoutes';
import { paymentLinkRoutes } from './routes/paymentLinkRoutes';
import { simulateRoutes } from './routes/simulateRoutes';
import { createValidatorCompiler } from './validation';

export interface AppOptions {
  /** Host names accepted besides IP literals, localhost, *.localhost and host.docker.internal. */
  allowedHosts?: string[];
  /** Built console (renderer) files served at /; a notice page is served when absent. */
  consoleDir?: string;
  onInternalError?: (err: Error, request: FastifyRequest) => void;
}

const hostNotAllowed = (host: string | undefined): SandboxError =>
  new SandboxError(
    'host_not_allowed',
    `Host "${host}" is not allowed: use 127.0.0.1, localhost or an IP address, or start the sandbox with --allowed-host ${host?.split(':')[0]}.`,
  );

/** The HTTP face of a core. Builds the app; listening is the caller's business. */
export async function createApp(core: SandboxCore, options: AppOptions = {}): Promise<FastifyInstance> {
  const hostAllowed = createHostCheck(options.allowedHosts ?? []);
  const app = Fastify({
    bodyLimit: 64 * 1024,
    genReqId: newRequestId,
    logger: false,
    return503OnClosing: false,
    routerOptions: { maxParamLength: 500 },
    // URLs the router cannot even decode never reach the hooks: answer them in the same envelope.
    frameworkErrors: (err, request, reply) => {
      reply.header('x-request-id', request.id);
      if (!hostAllowed(request.headers.host)) return sendError(reply, hostNotAllowed(request.headers.host));
      return sendError(
        reply,
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new SandboxError(
              'parameter_invalid',
              'A path segment is longer than 500 characters; ids are UUIDs.',
              'id',
            )
          : new SandboxError(
              'parameter_invalid',
              `The URL path is not valid percent-encoding: ${request.url}.`,
              request.url.startsWith('/payment-links/') ? 'id' : undefined,
            ),
      );
    },
  });
  app.decorateRequest('apiKey', null);
  app.decorateRequest('replayed', false);
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(createValidatorCompiler(() => core.settings.lenient_validation));

  // Callback-style hooks: on the hot path an async hook costs a promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (!hostAllowed(request.headers.host)) {
      sendError(reply, hostNotAllowed(request.headers.host));
      return;
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (core.events.listenerCount('event') > 0) {
      core.emit({ type: 'request.logged', entry: requestLogEntry(request, reply, core.clock.now()) });
    }
    done();
  });
  installErrorHandler(app, (err, request) => {
    (
      options.onInternalError ??
      ((e) => console.error(`internal error on ${request.method} ${request.url}:`, e))
    )(err, request);
  });

  await app.register(swagger, {
    openapi: openApiInfo(),
    transform: documentIdempotencyKey,
    transformObject: (doc) => completeDocument(doc, core.origin),
  });

  const auth: onRequestHookHandler = (request, _reply, done) => {
    try {
      request.apiKey = authenticate(request.headers.authorization, core.settings);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  };
  paymentLinkRoutes(app, core, auth);
  simulateRoutes(app, core, auth);
  methodNotAllowedRoutes(app);
  await app.register(checkoutRoutes(core));
  await consoleRoutes(app, options.consoleDir);
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.setNotFoundHandler(routeNotFound);
  return app;
}
