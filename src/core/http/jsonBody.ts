import { errorCodes, type FastifyInstance } from 'fastify';
import { SandboxError } from '../errors';
import { invalidJsonSentence } from './jsonSyntaxWording';

/**
 * Why Fastify's JSON parser refused a body, said plainly. Its own message is one sentence for
 * every case ("Body is not valid JSON but content-type is set to 'application/json'"), even for
 * valid JSON it refuses on purpose: a "__proto__" or "constructor.prototype" key, which could
 * change the prototype of every object built from the body.
 */
function refusal(body: string): SandboxError {
  try {
    JSON.parse(body);
  } catch (err) {
    return new SandboxError('body_invalid_json', invalidJsonSentence((err as Error).message));
  }
  return new SandboxError(
    'body_invalid_json',
    'The body is valid JSON but has a "__proto__" or "constructor": {"prototype": …} key, which is refused (it could change the prototype of objects built from it); remove that key.',
  );
}

/**
 * Parses JSON bodies with Fastify's own parser (so its protections are unchanged), keeping the raw
 * text for the console's Requests screen and naming what is wrong when it refuses one.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, body as string, (err, value) => {
      if (!err) done(null, value);
      // Many HTTP clients send Content-Type: application/json on every request, with no body on
      // a cancel: an empty body is no body (a create without one is told what is missing).
      else if ((err as { code?: string }).code === 'FST_ERR_CTP_EMPTY_JSON_BODY') done(null, undefined);
      else done(refusal(body as string), undefined);
    });
  });
}

/**
 * Refuses every other Content-Type as Fastify would (415), but reads the body first (within the
 * body limit) so the Requests screen shows what was sent, the very thing a tester wants to see.
 */
export function keepRefusedBodies(app: FastifyInstance): void {
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
  });
}
