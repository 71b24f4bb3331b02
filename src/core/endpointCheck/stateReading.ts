import type { EndpointCheckExchange } from '../../shared/endpointCheck';
import type { PaymentLink } from '../../shared/types';
import { VERSION } from '../version';
import { ANSWER_BODY_KEPT } from './probeSending';

/** The placeholders a state URL template may hold (docs/endpoint-check.md, "Effect checks"). */
export const STATE_URL_PLACEHOLDERS = ['{reference_id}', '{link_id}'] as const;

/** The template filled for one link, each value URL-encoded as one path segment. */
export function stateUrlFor(template: string, link: Pick<PaymentLink, 'id' | 'reference_id'>): string {
  return template
    .replaceAll('{link_id}', encodeURIComponent(link.id))
    .replaceAll('{reference_id}', encodeURIComponent(link.reference_id ?? ''));
}

/** What the app's state URL said at one moment. */
export interface StateReading {
  exchange: EndpointCheckExchange;
  /** The parsed answer; null when the app does not know the order yet (404). */
  document: unknown;
  /** Why the answer cannot be read as a state (no answer, a status other than 2xx or 404, not JSON). */
  problem: string | null;
}

/** The value at a dotted path (`status`, `order.state`, `items.0.status`), or undefined. */
export function valueAt(document: unknown, path: string): unknown {
  let here: unknown = document;
  for (const key of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[key];
  }
  return here;
}

/** One GET of the app's state URL; never follows a redirect, gives up after the delivery timeout. */
export async function readState(
  url: string,
  timeoutMs: number,
  realNow: () => number,
): Promise<StateReading> {
  const headers = { accept: 'application/json', 'user-agent': `PaymentLinksSandbox/${VERSION}` };
  const request = { method: 'GET' as const, url, headers, body: '' };
  const started = realNow();
  let answer: Response;
  let text: string;
  try {
    answer = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    text = await answer.text();
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause?.message ?? (err as Error).message;
    const error = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : cause;
    const exchange = { request, response: null, error, duration_ms: realNow() - started };
    return { exchange, document: null, problem: `the state URL ${url} did not answer (${error})` };
  }
  const bytes = Buffer.from(text, 'utf8');
  const exchange: EndpointCheckExchange = {
    request,
    response: {
      status: answer.status,
      headers: Object.fromEntries(answer.headers),
      body: bytes.subarray(0, ANSWER_BODY_KEPT).toString('utf8'),
      body_truncated: bytes.length > ANSWER_BODY_KEPT,
    },
    error: null,
    duration_ms: realNow() - started,
  };
  // 404 is how a receiver says no webhook has named the order yet: a state, not a failure.
  if (answer.status === 404) return { exchange, document: null, problem: null };
  if (answer.status < 200 || answer.status >= 300)
    return { exchange, document: null, problem: `the state URL ${url} answered ${answer.status}` };
  try {
    return { exchange, document: JSON.parse(text) as unknown, problem: null };
  } catch {
    return {
      exchange,
      document: null,
      problem: `the state URL ${url} answered ${answer.status} with a body that is not JSON`,
    };
  }
}
