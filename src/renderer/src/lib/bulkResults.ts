// A bulk action's outcome, added up over the parts it was sent in and said in words.
import type { BulkAction, BulkResult } from '../../../shared/types';

export const noBulkResult = (action: BulkAction): BulkResult => ({
  action,
  requested: 0,
  changed: 0,
  skipped: 0,
  reasons: [],
});

/** Two parts' outcomes as one: counts added, skip reasons of the same code and status joined. */
export function addBulkResults(sum: BulkResult, part: BulkResult): BulkResult {
  const reasons = sum.reasons.map((reason) => ({ ...reason, ids: [...reason.ids] }));
  for (const reason of part.reasons) {
    const same = reasons.find((known) => known.code === reason.code && known.status === reason.status);
    if (same) {
      same.count += reason.count;
      same.ids.push(...reason.ids);
    } else reasons.push({ ...reason, ids: [...reason.ids] });
  }
  return {
    action: sum.action,
    requested: sum.requested + part.requested,
    changed: sum.changed + part.changed,
    skipped: sum.skipped + part.skipped,
    reasons,
  };
}

/** "4,990 of 5,000 changed; 10 skipped (10 Succeeded: Paid takes Pending links only)." */
export function bulkSummary(result: BulkResult): string {
  const done = `${result.changed.toLocaleString('en')} of ${result.requested.toLocaleString('en')} changed`;
  if (result.skipped === 0) return `${done}.`;
  const why = result.reasons.map((r) => `${r.count.toLocaleString('en')} ${r.message}`).join('; ');
  return `${done}; ${result.skipped.toLocaleString('en')} skipped (${why}).`;
}
