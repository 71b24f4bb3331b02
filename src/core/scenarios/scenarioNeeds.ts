// What an exported request needs that the export leaves out. A scenario replays against a fresh
// sandbox, so a step that leans on an earlier request nobody ticked answers otherwise there: a
// request reusing an Idempotency-Key is that key's first use, and a request on a link nobody made
// in the replay finds no link. The export names each such step (docs/scenarios.md).
import type { ScenarioNeed } from '../../shared/scenario';
import type { RequestLogSummary } from '../../shared/types';

/** The answers an Idempotency-Key keeps (docs/contract.md §5): 2xx, 404 and 409, of requests that ran. */
const keptByKey = (entry: RequestLogSummary): boolean =>
  entry.fault?.action !== 'status' &&
  entry.fault?.action !== 'drop' &&
  ((entry.status >= 200 && entry.status < 300) || entry.status === 404 || entry.status === 409);

const isCreate = (entry: RequestLogSummary): boolean =>
  entry.method === 'POST' && /^\/payment-links\/?(?:\?|$)/.test(entry.path);

/** Idempotency-Keys are scoped by API key (the log keeps its first characters). */
const scopeOf = (entry: RequestLogSummary): string => `${entry.key_prefix ?? ''}\n${entry.idempotency_key}`;

const named = (entry: RequestLogSummary): string => `request ${entry.seq} (${entry.method} ${entry.path})`;

/**
 * Each of `steps` (the requests the export replays) that needs an earlier request of `log` (the
 * API requests kept, oldest first) which is not a step: the first use of the Idempotency-Key it
 * reuses, or the create of the link it acts on. A request acting on a link the log never saw made
 * is named too (needs null), unless its answer was a 404: then the link did not exist either way.
 */
export function scenarioNeeds(
  steps: readonly RequestLogSummary[],
  log: readonly RequestLogSummary[],
): ScenarioNeed[] {
  const firstUse = new Map<string, RequestLogSummary>();
  const creates = new Map<string, RequestLogSummary>();
  for (const entry of log) {
    if (entry.idempotency_key !== null && keptByKey(entry) && !firstUse.has(scopeOf(entry)))
      firstUse.set(scopeOf(entry), entry);
    if (entry.link_id && isCreate(entry) && !entry.replayed && !creates.has(entry.link_id))
      creates.set(entry.link_id, entry);
  }
  const chosen = new Set(steps.map((step) => step.seq));
  const needs: ScenarioNeed[] = [];
  for (const step of steps) {
    const need = (needed: RequestLogSummary | null, reason: string) =>
      needs.push({ seq: step.seq, method: step.method, path: step.path, needs: needed?.seq ?? null, reason });
    const first = step.idempotency_key === null ? undefined : firstUse.get(scopeOf(step));
    if (first && first.seq < step.seq && !chosen.has(first.seq)) {
      need(
        first,
        `it reuses Idempotency-Key ${JSON.stringify(step.idempotency_key)}, first used by ${named(first)}, which is not ticked: replayed without it, this request is the key's first use and is answered otherwise`,
      );
      continue;
    }
    if (!step.link_id) continue;
    const create = creates.get(step.link_id);
    if (create?.seq === step.seq) continue;
    if (create && create.seq < step.seq && !chosen.has(create.seq))
      need(
        create,
        `it acts on link ${step.link_id}, made by ${named(create)}, which is not ticked: the fresh sandbox a replay starts would not have the link`,
      );
    else if (!create && step.status !== 404)
      need(
        null,
        `it acts on link ${step.link_id}, which no API request the log keeps made (it was made from the console, by a configuration file, or before the log's oldest request): the fresh sandbox a replay starts would not have the link`,
      );
  }
  return needs;
}
