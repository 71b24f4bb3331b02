import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimulateEvent } from '../../../shared/types';
import { SandboxError } from '../../errors';
import { checkoutPath } from '../../../shared/checkoutUrl';
import { renderCheckoutPage, renderNotFoundPage, renderRefusedPage } from '../checkoutPage';
import { foreignOrigin, ownOrigin } from '../originCheck';
import { CHECKOUT_HEADERS } from '../securityHeaders';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HTML = 'text/html; charset=utf-8';

/**
 * The public checkout page: no API key, HTML in and out. Pay and Decline are simulate paid / failed,
 * taken only from the checkout's own page (docs/security.md).
 */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  // Its CSP and referrer policy on every checkout answer (not the API's hot path).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(CHECKOUT_HEADERS);
    done();
  });
  // Plain HTML forms post urlencoded bodies; the actions need nothing from them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  const notFound = (reply: FastifyReply, id: string) =>
    reply.code(404).type(HTML).send(renderNotFoundPage(id));

  app.get<{ Params: { id: string } }>('/pay/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    if (!UUID.test(id)) return notFound(reply, id);
    await request.workspace.scheduler.catchUp(id);
    const link = request.workspace.links.get(id);
    if (!link) return notFound(reply, id);
    return reply
      .type(HTML)
      .header('cache-control', 'no-store')
      .send(renderCheckoutPage(link, request.workspace.settings.currency, request.workspaceName));
  });

  const act =
    (event: SimulateEvent) =>
    async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const { id } = request.params;
      // Against CSRF: a foreign page's form (or a framed one) must not pay or decline a link.
      // Its own page may also be served at the public URL, through a proxy or tunnel.
      const origin = foreignOrigin(request, new URL(request.workspace.publicBaseUrl()).origin);
      if (origin !== undefined) {
        return reply
          .code(403)
          .type(HTML)
          .send(renderRefusedPage(id, origin, ownOrigin(request), UUID.test(id)));
      }
      if (!UUID.test(id) || !request.workspace.links.get(id)) return notFound(reply, id);
      try {
        await request.workspace.linkChanges.simulate(id, event);
      } catch (err) {
        // A link that is no longer pending just shows its final state.
        if (!(err instanceof SandboxError)) throw err;
      }
      return reply.redirect(checkoutPath(id.toLowerCase(), request.workspaceName), 303);
    };
  app.post<{ Params: { id: string } }>('/pay/:id/pay', { schema: { hide: true } }, act('paid'));
  app.post<{ Params: { id: string } }>('/pay/:id/decline', { schema: { hide: true } }, act('failed'));
}
