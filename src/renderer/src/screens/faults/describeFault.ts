// Rules and request marks in words, as the Faults and Requests screens show them.
import type { FaultActionType, FaultRule } from '../../../../shared/faults';

export function describeMatch(rule: FaultRule): string {
  const { method, path } = rule.match;
  if (!method && !path) return 'Every API request';
  return `${method ?? 'Any method'} ${path ?? '(any route)'}`;
}

export function describeAction(rule: FaultRule): string {
  const { action } = rule;
  switch (action.type) {
    case 'status': {
      const extra = [
        action.code,
        action.retry_after_seconds !== undefined && `Retry-After ${action.retry_after_seconds} s`,
      ]
        .filter(Boolean)
        .join(', ');
      return `Answer ${action.status}${extra ? ` (${extra})` : ''}`;
    }
    case 'latency':
      return `Wait ${action.ms} ms${action.jitter_ms ? ` + up to ${action.jitter_ms} ms` : ''}`;
    case 'drop':
      return 'Drop the connection, change nothing';
    case 'lose_response':
      return 'Do it, then lose the response';
  }
}

/** A short label for a request a rule hit. */
export const FAULT_MARK: Record<FaultActionType, string> = {
  status: 'fault',
  latency: 'slowed',
  drop: 'dropped',
  lose_response: 'response lost',
};

/** What the Requests detail says happened. */
export const FAULT_OUTCOME: Record<FaultActionType, string> = {
  status: 'answered with an error on purpose; the request was not done',
  latency: 'held back on purpose, then done',
  drop: 'connection closed with no answer; nothing was done',
  lose_response:
    'done and stored, then the connection was closed instead of answering (a retry with the same Idempotency-Key gets the replay)',
};
