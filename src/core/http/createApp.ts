import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type HookHandlerDoneFunction,
} from 'fastify';
import swagger from '@fastify/swagger';
import { newRequestId } from '../domain/ids';
import { SandboxError } from '../errors';
import { authenticate } from './auth';
import { installErrorHandler, sendError } from './errorHandler';
import { consoleTokenGate, takeQueryToken, whyTokenAsked } from './consoleToken';
import { createHostCheck } from './hostCheck';
import { checkOrigin } from './originCheck';
import { EVERY_RESPONSE } from './securityHeaders';
import { completeDocument, openApiInfo } from './openapi/document';
import { documentIdempotencyKey } from './openapi/idempotencyKey';
import { documentWorkspaceLimit } from './openapi/workspaceLimit';
import { markAbsentBodyRead } from './openapi/optionalBody';
import { answerClientError } from './clientErrors';
import { recordRoutes } from './knownRoutes';
import { keepRefusedBodies, parseJsonBodies } from './jsonBody';
import { requestLogEntry } from './requestLog';
import { withoutToken } from './loggedUrl';
import { faultGate } from './faultGate';
import { buildSerializerOnFirstUse } from './lazySchemas';
import { checkoutRoutes } from './routes/checkoutRoutes';
import { clockRoutes } from './routes/clockRoutes';
import { faultRoutes } from './routes/faultRoutes';
import { inboxReceiveRoutes } from './routes/inboxReceiveRoutes';
import { inboxRoutes } from './routes/inboxRoutes';
import { consoleRoutes } from './routes/consoleRoutes';
import { CONSOLE_API_PREFIX, CONSOLE_ROUTE_MODULES } from './routes/consoleApi';
import { faviconRoute } from './routes/faviconRoute';
import { configSchemaRoute } from './routes/configSchemaRoute';
import { resetRoute } from './routes/resetRoute';
import { workspaceRoutes } from './routes/workspaceRoutes';
import { HEALTH_PATH, healthRoute } from './routes/healthRoute';
import { refuseUnknownQueryParameters } from './noQueryParameters';
import { refuseBodiesWhereNone } from './bodilessRoutes';
import { wrongRouteAnswers } from './routes/fallbackRoutes';
import { paymentLinkRoutes } from './routes/paymentLinkRoutes';
import { simulateRoutes } from './routes/simulateRoutes';
import { keyedEndpointRoutes } from './routes/keyedEndpointRoutes';
import { keyedDeliveryRoutes } from './routes/keyedDeliveryRoutes';
import { keyedLogRoutes } from './routes/keyedLogRoutes';
import { keyedEndpointCheckRoutes } from './routes/keyedEndpointCheckRoutes';
import { createValidatorCompiler } from '../validation';
import {
  applyConnectionTimeouts,
  DEFAULT_CONNECTION_TIMEOUTS,
  type ConnectionTimeouts,
} from './connectionTimeouts';
import {
  chooseByKey,
  chooseByLink,
  chooseByQuery,
  chooseBySender,
  requestWorkspace,
} from './requestWorkspace';
import type { Workspaces } from '../workspaces/workspaces';

export interface AppOptions {
  /** Host names accepted besides IP literals, localhost, *.localhost and host.docker.internal. */
  allowedHosts?: string[];
  /** Built console (renderer) files served at /; a notice page is served when absent. */
  consoleDir?: string;
  onInternalError?: (err: Error, request: FastifyRequest) => void;
  /** When set, the console answers only to this token (docs/contract.md §10: non-loopback binds). */
  consoleToken?: string;
  /** The address the server binds, for saying why the console asks for its token. */
  host?: string;
  /** Announce each request as a request.logged event (the CLI's log, the console's Requests screen). */
  requestLog?: boolean;
  /** How long a silent client is waited on; the documented defaults when omitted (tests shorten them). */
  connectionTimeouts?: Partial<ConnectionTimeouts>;
}

const hostNotAllowed = (host: string | undefined): SandboxError =>
  new SandboxError(
    'host_not_allowed',
    `Host "${host}" is not allowed: use 127.0.0.1, localhost or an IP address, or start the sandbox with --allowed-host ${host?.split(':')[0]}.`,
  );

/** Keeps what an API request got back, for the console's Requests screen. */
function keepSentBodies(api: FastifyInstance): void {
  api.addHook('onSend', (request, _reply, payload, done) => {
    if (typeof payload === 'string') request.sentBody = payload;
    done(null, payload);
  });
}

const logInternalError = (err: Error, request: FastifyRequest): void =>
  console.error(`internal error on ${request.method} ${withoutToken(request.url)}:`, err);

/** The HTTP face of a core. Builds the app; listening is the caller's business. */
export async function createApp(workspaces: Workspaces, options: AppOptions = {}): Promise<FastifyInstance> {
  // The server-wide rules (the accepted keys, lenient validation, the start-up configuration) are
  // default's: the sandbox as it always was (docs/contract.md §15).
  const core = workspaces.defaultWorkspace;
  const hostAllowed = createHostCheck(options.allowedHosts ?? []);
  /**
   * Stamps the request id and the headers every response carries (docs/security.md) on the reply;
   * answers 421 and returns false for a foreign Host. Every request passes here.
   */
  const admit = (request: FastifyRequest, reply: FastifyReply): boolean => {
    reply.header('x-request-id', request.id).headers(EVERY_RESPONSE);
    if (hostAllowed(request.headers.host)) return true;
    sendError(reply, hostNotAllowed(request.headers.host));
    return false;
  };
  const app = Fastify({
    bodyLimit: 64 * 1024,
    genReqId: newRequestId,
    logger: false,
    return503OnClosing: false,
    schemaController: { compilersFactory: { buildSerializer: buildSerializerOnFirstUse } },
    clientErrorHandler: answerClientError,
    // `/payment-links/` is `/payment-links`, as a developer typing it means; never an empty id.
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // URLs the router cannot even decode never reach the hooks: answer them in the same envelope.
    frameworkErrors: (err, request, reply) => {
      if (!admit(request, reply)) return;
      sendError(
        reply,
        err.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new SandboxError(
              'parameter_invalid',
              'A path segment is longer than 500 characters; ids are UUIDs.',
              'id',
            )
          : new SandboxError(
              'parameter_invalid',
              // The path alone: the query may carry the console token, and answers are logged.
              `The URL path is not valid percent-encoding: ${request.url.split('?')[0]}.`,
              request.url.startsWith('/payment-links/') ? 'id' : undefined,
            ),
      );
    },
  });
  applyConnectionTimeouts(app.server, { ...DEFAULT_CONNECTION_TIMEOUTS, ...options.connectionTimeouts });
  requestWorkspace(app, workspaces);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('replayed', false);
  app.decorateRequest('fault', null);
  app.decorateRequest('faultLatencyMs', null);
  app.removeContentTypeParser('text/plain');
  parseJsonBodies(app, { keepText: false });
  app.setValidatorCompiler(createValidatorCompiler(() => core.settings.lenient_validation));
  refuseUnknownQueryParameters(app);
  refuseBodiesWhereNone(app);

  if (options.requestLog !== false) {
    app.addHook('onResponse', (request, reply, done) => {
      if (request.url === HEALTH_PATH) {
        done();
        return;
      }
      const { workspace } = request;
      // A read of a workspace not made yet changed nothing and is no workspace's to keep (§15).
      if (!workspaces.isBlank(workspace))
        workspace.requests.record(requestLogEntry(request, reply, workspace.clock.now()));
      done();
    });
  }
  installErrorHandler(app, options.onInternalError ?? logInternalError);

  // Closing, every long poll answers now rather than hold the close for its wait.
  app.addHook('preClose', (done) => {
    workspaces.endWaits();
    done();
  });
  // Between listening and the configuration being applied, requests wait rather than see half of it.
  app.addHook('onRequest', (_request, _reply, done) => core.whenConfigured(done));
  const knownRoutes = recordRoutes(app);
  await app.register(swagger, {
    openapi: openApiInfo(),
    transform: (route) =>
      documentWorkspaceLimit(markAbsentBodyRead(documentIdempotencyKey(route), route.route), route.route),
    transformObject: (doc) => completeDocument(doc, core.origin),
  });

  // One callback-style hook per request, chosen by where the route lives: on the hot path each
  // hook costs, an async one more so, and reading request.routeOptions builds an object.
  healthRoute(app);
  await app.register(async (api) => {
    const faults = faultGate(options.requestLog !== false);
    const faultsIfArmed = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      if (request.workspace.faults.armed) faults.onRequest(request, reply, done);
      else done();
    };
    api.addHook('onRequest', (request, reply, done) => {
      if (!admit(request, reply)) return;
      let choosing;
      try {
        request.apiKey = authenticate(request.headers.authorization, core.settings);
        choosing = chooseByKey(workspaces, request);
      } catch (err) {
        done(err as Error);
        return;
      }
      if (choosing === undefined) faultsIfArmed(request, reply, done);
      else choosing.then(() => faultsIfArmed(request, reply, done), done);
    });
    faults.install(api);
    parseJsonBodies(api, { keepText: true });
    if (options.requestLog !== false) keepRefusedBodies(api);
    if (options.requestLog !== false) keepSentBodies(api);
    paymentLinkRoutes(api);
    simulateRoutes(api);
    clockRoutes(api);
    inboxRoutes(api);
    faultRoutes(api);
    keyedEndpointRoutes(api);
    keyedDeliveryRoutes(api);
    keyedLogRoutes(api);
    keyedEndpointCheckRoutes(api);
    resetRoute(api);
    workspaceRoutes(api);
  });
  await app.register(async (consoleApi) => {
    const why = whyTokenAsked(options.host);
    const gate = options.consoleToken
      ? consoleTokenGate(options.consoleToken, why, (reply) =>
          sendError(
            reply,
            new SandboxError(
              'console_token_required',
              `${why}: open the console from the Console: URL it printed (with ?token=…) first.`,
            ),
          ),
        )
      : null;
    consoleApi.addHook('onRequest', (request, reply, done) => {
      if (!admit(request, reply)) return;
      let choosing;
      try {
        checkOrigin(request);
        choosing = chooseByQuery(workspaces, request);
      } catch (err) {
        done(err as Error);
        return;
      }
      const pass = (): void => {
        if (gate) {
          gate.call(consoleApi, request, reply, done);
          return;
        }
        takeQueryToken(request);
        done();
      };
      if (choosing === undefined) pass();
      else choosing.then(pass, done);
    });
    // The hooks above hold for every module; each names its paths below the one prefix.
    await consoleApi.register(
      async (modules) => {
        for (const routes of CONSOLE_ROUTE_MODULES) routes(modules);
      },
      { prefix: CONSOLE_API_PREFIX },
    );
  });
  await app.register(async (open) => {
    open.addHook('onRequest', (request, reply, done) => {
      if (admit(request, reply)) done();
    });
    await open.register(async (pay) => {
      pay.addHook('onRequest', async (request) => chooseByLink(workspaces, request));
      await pay.register(checkoutRoutes);
    });
    // Anyone may post to an inbox: no key, no console token or Origin check (docs/contract.md §12).
    await open.register(async (inbox) => {
      inbox.addHook('onRequest', (request, _reply, done) => {
        chooseBySender(workspaces, request);
        done();
      });
      await inbox.register(inboxReceiveRoutes);
    });
    faviconRoute(open);
    await open.register(async (ui) =>
      consoleRoutes(
        ui,
        options.consoleDir,
        options.consoleToken
          ? consoleTokenGate(options.consoleToken, whyTokenAsked(options.host))
          : undefined,
      ),
    );
    open.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    configSchemaRoute(open);
  });
  await app.register(async (wrongRoutes) => wrongRouteAnswers(wrongRoutes, knownRoutes, admit));
  return app;
}
