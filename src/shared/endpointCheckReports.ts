// An endpoint's check reports as the console keeps them (docs/endpoint-check.md "In the console"),
// and how the latest compares with the one before: one rule for every face that shows them.
import type { EndpointCheck, EndpointCheckProbe } from './endpointCheck';

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
