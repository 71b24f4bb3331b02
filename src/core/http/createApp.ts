import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
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

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (!hostAllowed(request.headers.host)) return sendError(reply, hostNotAllowed(request.headers.host));
  });
  // No body at all reads as an empty object: a bodiless cancel is fine, a bodiless create is told what is missing.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
  });
  app.addHook('onResponse', async (request, reply) => {
    core.emit({ type: 'request.logged', entry: requestLogEntry(request, reply, core.clock.now()) });
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

  const auth = async (request: FastifyRequest): Promise<void> => {
    request.apiKey = authenticate(request.headers.authorization, core.settings);
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
