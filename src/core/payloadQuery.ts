import { parsePayloadSearch, payloadMatches, type SearchedBody } from '../shared/payloadSearch';
import { SandboxError } from './errors';

/**
 * `q=` as a matcher over bodies (undefined for a blank one: no search), or a 400 naming q that
 * says what a search may be (contract §16).
 */
export function payloadQuery(q: string | undefined): ((body: SearchedBody) => boolean) | undefined {
  if (q === undefined) return undefined;
  const parsed = parsePayloadSearch(q);
  if ('problem' in parsed) throw new SandboxError('parameter_invalid', parsed.problem, 'q');
  return parsed.search && payloadMatches(parsed.search);
}

/** A body read from its text: parsed once, and only when a field search asks for it. */
export function textBody(text: () => string): SearchedBody {
  let parsed: { value: unknown } | undefined;
  return {
    text,
    json: () => {
      if (!parsed) {
        try {
          parsed = { value: JSON.parse(text()) };
        } catch {
          parsed = { value: undefined };
        }
      }
      return parsed.value;
    },
  };
}
