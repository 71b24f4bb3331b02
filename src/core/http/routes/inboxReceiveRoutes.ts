import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { MetaSchema } from '../../../shared/types';
import { SandboxError } from '../../errors';
import { AnswerDelays } from '../../inbox/answerDelays';
import { receiveInboxRequest } from '../../inbox/inboxReceiver';
import { readKeptBody } from '../../inbox/receivedRequest';
import { sendError } from '../errorHandler';
import { inboxName } from '../../inbox/inboxName';
import { sendData } from '../respond';
import { described } from '../apiSchemas';
import { InboxNameParams } from '../../../shared/inboxParams';
import { InboxReceiptSchema } from '../../../shared/consoleSchemas';

/** What webhook senders use; other methods are told so. */
const RECEIVING = ['POST', 'PUT', 'PATCH'];
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

const ReceiptSchema = Type.Object({ data: InboxReceiptSchema, meta: MetaSchema });

/**
 * POST /_inbox/{name} (docs/contract.md §12): anyone may send anything, without a key. The request is
 * taken in onRequest, before Fastify chooses a body parser, so every body is received as raw
 * bytes, even one whose Content-Type Fastify would refuse as malformed. A name that is not
 * allowed is a 400, once the body has been read (a server that stops reading resets a client
 * still sending, and it would never see the answer).
 */
export async function inboxReceiveRoutes(app: FastifyInstance): Promise<void> {
  const delays = new AnswerDelays();
  app.addHook('preClose', (done) => {
    delays.closeAll();
    done();
  });

  const receive = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = request.params as { name?: string; '*'?: string };
    const given = params.name ?? params['*'] ?? '';
    if (!RECEIVING.includes(request.method)) {
      inboxName(given);
      return undefined;
    }
    let name: string;
    try {
      name = inboxName(given);
    } catch (err) {
      await readKeptBody(request.raw).catch(() => reply.header('connection', 'close'));
      throw err;
    }
    const message = await receiveInboxRequest(request.workspace, name, request.raw);
    await delays.wait(message.answer.delay_ms, reply.raw);
    return sendData(reply, message.answer.status, {
      message_id: message.id,
      inbox: name,
      workspace: message.workspace,
      verification: message.verification.state,
    });
  };
  const refuseMethod = (request: FastifyRequest, reply: FastifyReply) =>
    sendError(
      reply.header('allow', RECEIVING.join(', ')),
      new SandboxError(
        'method_not_allowed',
        `${request.method} is not allowed on an inbox; it receives ${RECEIVING.join(', ')}. Read what it received with GET /sandbox/inbox/{name}/messages.`,
      ),
    );

  app.route({
    method: ALL_METHODS,
    url: '/_inbox/:name',
    onRequest: receive,
    config: { allow: RECEIVING },
    schema: {
      tags: ['Sandbox'],
      summary: 'Receive a webhook in the built-in inbox',
      description:
        'Any body, any Content-Type, no key: the request is recorded (method, headers with any Cookie, Authorization or Proxy-Authorization value replaced by [removed: the sandbox keeps no credentials], the first 256 KiB of the body, sandbox time) with whether its Standard Webhooks signature verifies against the secret of a sandbox endpoint pointing at this inbox. Answered as the inbox is set (PUT /sandbox/inbox/{name}): a status, a delay, a sequence. The body is this receipt whatever the status set (none for 204 and 304). POST, PUT and PATCH are received; other methods get 405. A name that is not 1 to 64 letters, digits, _ or - is 400 parameter_invalid.',
      security: [],
      params: InboxNameParams,
      // Any other status it is set to answer, and the body it takes: openapi/inboxAnswers.ts.
      response: {
        200: ReceiptSchema,
        400: described('parameter_invalid: the name is not 1 to 64 letters, digits, _ or -'),
        421: described('host_not_allowed'),
        503: described(
          'storage_unavailable: the data folder refused the message (its disk is full), or its disk has less free space than the 64 MiB the inbox leaves for the store; the message was not kept and the sequence did not move on, send it again once there is room',
        ),
      },
    },
    handler: refuseMethod,
  });
  for (const url of ['/_inbox', '/_inbox/*'])
    app.route({
      method: ALL_METHODS,
      url,
      onRequest: receive,
      config: { allow: RECEIVING },
      schema: { hide: true },
      handler: refuseMethod,
    });
}
