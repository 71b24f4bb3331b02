import { isUtf8 } from 'node:buffer';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { SandboxError } from '../errors';
import { invalidJsonSentence } from './jsonSyntaxWording';
import { paramOf, ROUNDED_TO_WHOLE, scanJsonText } from '../jsonText';

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

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)/i;

/** JSON is UTF-8 (RFC 8259): a body declared in another charset is refused, not read as mojibake. */
function charsetRefusal(request: FastifyRequest): SandboxError | null {
  const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset === undefined || charset === 'utf-8' || charset === 'utf8') return null;
  return new SandboxError(
    'unsupported_media_type',
    `The body is declared as charset=${charset}, but JSON is read only as UTF-8: send it encoded as UTF-8, with Content-Type: application/json (or application/json; charset=utf-8).`,
  );
}

/** A key given twice, which JSON.parse would settle silently by keeping the last. */
function duplicateRefusal(path: (string | number)[]): SandboxError {
  const name = paramOf(path);
  const where = path.length > 1 ? ` (at ${path.join('.')})` : '';
  return new SandboxError(
    'parameter_invalid',
    `The body gives ${String(path.at(-1))} twice${where}; send each field once.`,
    name,
  );
}

/**
 * Parses JSON bodies with Fastify's own parser (so its protections are unchanged), naming what is
 * wrong when it refuses one. Only UTF-8 is read, a repeated key is refused, and numbers a double
 * rounded to whole are marked for the validator. With `keepText`, the text is kept for the
 * console's Requests screen.
 */
export function parseJsonBodies(app: FastifyInstance, { keepText }: { keepText: boolean }): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    const text = (bytes as Buffer).toString('utf8');
    if (keepText) request.rawBody = text;
    // Many HTTP clients send Content-Type: application/json on every request, with no body on
    // a cancel: an empty body is no body (a create without one is told what is missing).
    if (text.length === 0) return done(null, undefined);
    const refused = charsetRefusal(request);
    if (refused) return done(refused, undefined);
    if (!isUtf8(bytes as Buffer)) {
      return done(
        new SandboxError(
          'body_invalid_json',
          'The body is not valid UTF-8; JSON is read only as UTF-8: send it encoded as UTF-8.',
        ),
        undefined,
      );
    }
    parseJson(request, text, (err, value) => {
      if (err) return done(refusal(text), undefined);
      const found = scanJsonText(text);
      if (found.duplicate) return done(duplicateRefusal(found.duplicate), undefined);
      if (found.roundedToWhole.length > 0 && typeof value === 'object' && value !== null) {
        Object.defineProperty(value, ROUNDED_TO_WHOLE, { value: found.roundedToWhole });
      }
      done(null, value);
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
