// Rules and request marks in words, as the Faults and Requests screens show them.
import type { FaultActionType, FaultRule } from '../../../../shared/faults';

export function describeMatch(rule: FaultRule): string {
  const { method, path } = rule.match;
  if (!method && !path) return 'Every API request';
  return `${method ?? 'Any method'} ${path ?? '(any route)'}`;
}

/**
 * Each action under the API's own name (docs/faults.md), then what it does: the form's choices and
 * the rules list say one name, the one a tester types in a rule or reads in the request log.
 */
export const ACTION_CHOICES: Record<FaultActionType, string> = {
  status: 'status: answer an error, change nothing',
  latency: 'latency: wait, then do it',
  drop: 'drop: close the connection, change nothing',
  lose_response: 'lose_response: do it, then close instead of answering',
};

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
      return `status ${action.status}${extra ? ` (${extra})` : ''}: answer an error, change nothing`;
    }
    case 'latency':
      return `latency ${action.ms} ms${action.jitter_ms ? ` + up to ${action.jitter_ms} ms` : ''}: wait, then do it`;
    case 'drop':
    case 'lose_response':
      return ACTION_CHOICES[action.type];
  }
}

/** A short label for a request a rule hit: the action's API name. */
export const FAULT_MARK: Record<FaultActionType, string> = {
  status: 'fault: status',
  latency: 'fault: latency',
  drop: 'fault: drop',
  lose_response: 'fault: lose_response',
};

/** What the Requests detail says happened. */
export const FAULT_OUTCOME: Record<FaultActionType, string> = {
  status: 'answered with an error on purpose; the request was not done',
  latency: 'held back on purpose, then done',
  drop: 'connection closed with no answer; nothing was done',
  lose_response:
    'done and stored, then the connection was closed instead of answering (a retry with the same Idempotency-Key gets the replay)',
};
