// An endpoint's check reports as the console keeps them (docs/endpoint-check.md "In the console"),
// and how the latest compares with the one before: one rule for every face that shows them.
import type { EndpointCheck, EndpointCheckExchange, EndpointCheckProbe } from './endpointCheck';

/** How many finished reports each endpoint keeps (its running checks are always kept). */
export const ENDPOINT_REPORTS_KEPT = 2;

export interface ReportComparison {
  /** Probes that failed or warned last time and pass now. */
  fixed: EndpointCheckProbe[];
  /** Probes that did not fail last time and fail now. */
  newFailures: EndpointCheckProbe[];
  /** Probes that failed both times. */
  stillFailing: EndpointCheckProbe[];
}

/** The latest finished report against the previous one, probe by probe (by name). */
export function compareReports(latest: EndpointCheck, previous: EndpointCheck): ReportComparison {
  const before = new Map(previous.probes.map((probe) => [probe.name, probe.status]));
  const comparison: ReportComparison = { fixed: [], newFailures: [], stillFailing: [] };
  for (const probe of latest.probes) {
    const was = before.get(probe.name);
    if (probe.status === 'pass' && (was === 'fail' || was === 'warn')) comparison.fixed.push(probe);
    else if (probe.status === 'fail' && was === 'fail') comparison.stillFailing.push(probe);
    else if (probe.status === 'fail') comparison.newFailures.push(probe);
  }
  return comparison;
}

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** "2 fixed, 1 new failure since the last check", or that nothing changed. */
export function comparisonSentence(comparison: ReportComparison): string {
  const parts: string[] = [];
  if (comparison.fixed.length > 0) parts.push(`${comparison.fixed.length} fixed`);
  if (comparison.newFailures.length > 0)
    parts.push(count(comparison.newFailures.length, 'new failure', 'new failures'));
  if (comparison.stillFailing.length > 0)
    parts.push(count(comparison.stillFailing.length, 'still failing', 'still failing'));
  return parts.length === 0 ? 'No change since the last check' : `${parts.join(', ')} since the last check`;
}

/** A report whose valid, signed event failed: that failure first, and which others follow from it. */
export interface RootCause {
  /** The probe whose failure it is. */
  probe: string;
  /** "The endpoint answers 500 to a valid, signed event: fix that first." */
  headline: string;
  /** What the failures that follow have in common, and when to look at them again. */
  detail: string;
  /** The failed probes (by name) whose every request got the valid event's answer. */
  following: string[];
}

/** The probe whose failure explains the others: a receiver that refuses a good event refuses all. */
const VALID_EVENT = 'valid_event';

/** An exchange's answer as one comparable word: its status, or that none came. */
const answerOf = (exchange: EndpointCheckExchange): string =>
  exchange.response ? String(exchange.response.status) : 'no answer';

/**
 * When the valid, signed event fails, every other probe's verdict is read through that failure: an
 * endpoint that answers 500 to everything fails the signature probes too (a 5xx is not a refusal),
 * and their advice would send the tester after signatures. A failed probe follows from it when every
 * event it POSTed got the same answer; a probe that got another answer failed on its own.
 */
export function rootCause(check: Pick<EndpointCheck, 'probes'>): RootCause | null {
  const valid = check.probes.find((probe) => probe.name === VALID_EVENT);
  const first = valid?.exchanges[0];
  if (!valid || valid.status !== 'fail' || !first) return null;
  const answer = answerOf(first);
  const following = check.probes
    .filter((probe) => {
      if (probe === valid || probe.status !== 'fail') return false;
      const posted = probe.exchanges.filter((exchange) => exchange.request.method === 'POST');
      return posted.length > 0 && posted.every((exchange) => answerOf(exchange) === answer);
    })
    .map((probe) => probe.name);
  const headline = first.response
    ? `The endpoint answers ${answer} to a valid, signed event: fix that first.`
    : `The endpoint gives no answer to a valid, signed event (${first.error ?? 'no response'}): fix that first.`;
  const same = first.response ? `the same ${answer}` : 'no answer either';
  const detail =
    following.length === 0
      ? 'Until it answers 2xx, no delivery to it succeeds.'
      : `${count(following.length, 'other failure', 'other failures')} got ${same} and ${following.length === 1 ? 'follows' : 'follow'} from it: leave their advice until the valid event gets a 2xx, then check again.`;
  return { probe: VALID_EVENT, headline, detail, following };
}
