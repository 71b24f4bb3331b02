import type { FastifyReply, preValidationHookHandler } from 'fastify';
import type { SandboxCore } from '../sandboxCore';
import { envelopeBody } from './envelope';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: string | null;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** No body at all reads as an empty object: a bodiless cancel is fine, a bodiless create is told what is missing. */
export const emptyBodyAsObject: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  done();
};

/**
 * Answers once due changes are applied: all of `linkId`'s, whatever else is due, and the first
 * slice of the rest when no run is under way (a mass change goes on in slices, docs/decisions.md
 * "Mass changes"). Synchronous when nothing is due, the usual case.
 */
export function afterDueChanges<T>(core: SandboxCore, answer: () => T, linkId?: string): T | Promise<T> {
  const due = core.scheduler.catchUp(linkId);
  return due ? due.then(answer) : answer();
}

export const sendJson = (reply: FastifyReply, status: number, body: string): FastifyReply =>
  reply.code(status).type(JSON_TYPE).send(body);

/** `{ data, meta }` for the request being answered. */
export const sendData = (reply: FastifyReply, status: number, data: unknown): FastifyReply =>
  sendJson(reply, status, envelopeBody(data, reply.request.id));
