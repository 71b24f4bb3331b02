import { formatRequestLine } from '../core/http/requestLog';
import type { LogEntry, WebhookAttemptLogEntry } from '../shared/sandboxLog';

/** "webhook payment_link.paid evt_… → http://…/webhooks 200 12.3ms (attempt 1)", as serve logs it. */
export const formatAttemptLine = (e: WebhookAttemptLogEntry): string =>
  `webhook ${e.event_type} ${e.event_id} → ${e.url} ${e.error === null ? e.status : `failed: ${e.error}`} ${e.duration_ms.toFixed(1)}ms (attempt ${e.attempt})`;

/** One log entry as a person reads it: its time, then the line serve prints for it. */
export const formatLogLine = (e: LogEntry): string =>
  `${e.at}  ${e.type === 'api_request' ? formatRequestLine(e) : formatAttemptLine(e)}`;
