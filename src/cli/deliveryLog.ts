import { webhookAttemptEntry } from '../core/sandboxLog';
import type { SandboxEvent } from '../shared/types';
import { formatAttemptLine } from './logLine';

/**
 * One log line per webhook attempt, as a developer debugging a handler wants to see it. A
 * delivery is announced on every change (queued, delivering, a retry brought forward); only a new
 * attempt makes a line.
 */
export function deliveryLogger(print: (line: string) => void): (event: SandboxEvent) => void {
  const logged = new Map<string, number>();
  return (event) => {
    if (event.type === 'delivery.deleted') logged.delete(event.id);
    if (event.type !== 'delivery.changed') return;
    const { delivery } = event;
    if ((logged.get(delivery.id) ?? 0) >= delivery.attempts.length) return;
    logged.set(delivery.id, delivery.attempts.length);
    const attempt = delivery.attempts.at(-1);
    if (!attempt) return;
    const next = delivery.status === 'retrying' ? `; next attempt ${delivery.next_attempt_at}` : '';
    print(`${formatAttemptLine(webhookAttemptEntry(delivery, attempt))}${next}`);
  };
}
