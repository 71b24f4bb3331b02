import type { EndpointCheckExchange, ProbeResult } from '../../shared/endpointCheck';

export interface Verdict {
  status: ProbeResult;
  reason: string;
}

/** Above this a valid event's answer is a warning: close to the timeout once the receiver is busy. */
export const SLOW_ANSWER_MS = 2000;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

/** The answer in words: its status and time, or why none came. */
export function answered(exchange: EndpointCheckExchange): string {
  if (!exchange.response) return `no answer came (${exchange.error ?? 'no response'})`;
  const where = exchange.response.headers.location;
  const to = where ? ` to ${where}` : '';
  const redirect = isRedirect(exchange) ? ` (a redirect${to}, which deliveries never follow)` : '';
  return `answered ${exchange.response.status}${redirect} in ${seconds(exchange.duration_ms)}`;
}

const statusOf = (exchange: EndpointCheckExchange): number | null => exchange.response?.status ?? null;
const isRedirect = (exchange: EndpointCheckExchange): boolean => {
  const status = statusOf(exchange);
  return status !== null && status >= 300 && status < 400;
};

/** A signed, well-formed event must be taken with a 2xx (`what` names it in the reason). */
export function mustAccept(exchange: EndpointCheckExchange, what: string): Verdict {
  const status = statusOf(exchange);
  const said = `${what}: the endpoint ${answered(exchange)}`;
  if (status === null || status < 200 || status >= 300) {
    const after =
      status === null || isRedirect(exchange)
        ? ''
        : '; anything but a 2xx is retried, and after the last retry the delivery is marked failed';
    return { status: 'fail', reason: `${said}${after}.` };
  }
  return { status: 'pass', reason: `${said}.` };
}

/** A request the endpoint must not trust must be refused with a 4xx, and not with a 5xx. */
export function mustRefuse(exchange: EndpointCheckExchange, what: string): Verdict {
  const status = statusOf(exchange);
  const said = `${what}: the endpoint ${answered(exchange)}`;
  if (status === null || isRedirect(exchange)) return { status: 'fail', reason: `${said}.` };
  if (status >= 200 && status < 300)
    return { status: 'fail', reason: `${said}: it accepted a request it cannot trust.` };
  if (status >= 500)
    return {
      status: 'fail',
      reason: `${said}: a 5xx asks to be retried; refuse with a 4xx (400 or 401), do not ask to be retried.`,
    };
  if (status >= 400) return { status: 'pass', reason: `${said}: refused.` };
  return { status: 'fail', reason: `${said}: a refusal is a 4xx.` };
}

/** A valid event taken, but slowly: a warning above SLOW_ANSWER_MS. */
export function inTime(verdict: Verdict, exchange: EndpointCheckExchange): Verdict {
  if (verdict.status !== 'pass' || exchange.duration_ms <= SLOW_ANSWER_MS) return verdict;
  return {
    status: 'warn',
    reason: `${verdict.reason.slice(0, -1)}: slower than ${seconds(SLOW_ANSWER_MS)}, close to the delivery timeout once the receiver is busy.`,
  };
}

/** The first verdict that is not a pass, else the last (several requests, one probe). */
export function worst(verdicts: Verdict[]): Verdict {
  return (
    verdicts.find((v) => v.status === 'fail') ??
    verdicts.find((v) => v.status === 'warn') ??
    (verdicts.at(-1) as Verdict)
  );
}

/** Only a redirect is flagged: the other probes judge the status itself. */
export function noRedirect(exchange: EndpointCheckExchange): Verdict {
  if (!exchange.response)
    return { status: 'fail', reason: `The endpoint ${answered(exchange)}, so this could not be checked.` };
  if (isRedirect(exchange)) return { status: 'fail', reason: `The endpoint ${answered(exchange)}.` };
  return { status: 'pass', reason: `The endpoint ${answered(exchange)}: no redirect.` };
}
