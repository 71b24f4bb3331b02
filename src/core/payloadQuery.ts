import { parsePayloadSearch, payloadMatches, type SearchedBody } from '../shared/payloadSearch';
import { SandboxError } from './errors';

/**
 * `q=` as a matcher over bodies (undefined for a blank one: no search), or a 400 naming q that
 * says what a search may be (docs/contract.md §16).
 */
export function payloadQuery(q: string | undefined): ((body: SearchedBody) => boolean) | undefined {
  if (q === undefined) return undefined;
  const parsed = parsePayloadSearch(q);
  if ('problem' in parsed) throw new SandboxError('parameter_invalid', parsed.problem, 'q');
  return parsed.search && payloadMatches(parsed.search);
}
