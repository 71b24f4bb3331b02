// A workspace client's ears (docs/testing-your-app.md): GET /sandbox/logs followed as Server-Sent
// Events, so it hears of each webhook attempt in its workspace as it happens, over HTTP alone and
// without polling (each poll would be a request in the workspace's log).
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { nextEventMessage } from '../../shared/eventStreamMessages';
import type { LogEntry, WebhookAttemptLogEntry } from '../../shared/sandboxLog';
import type { KeyedClient } from '../keyedClient';

/**
 * Opens the stream (failing when it cannot), then calls `onAttempt` for each webhook attempt from
 * then on. `ended` resolves once `signal` aborts, or once the sandbox ends the stream (it shut down)
 * or the connection is cut.
 *
 * node:http on a connection of its own rather than fetch: fetch's pool answers an aborted stream
 * by opening a spare connection that never sends a request, which a sandbox closing later waits
 * for (seconds, on every test run).
 */
export function followAttempts(
  keyed: KeyedClient,
  onAttempt: (attempt: WebhookAttemptLogEntry) => void,
  signal: AbortSignal,
): Promise<{ ended: Promise<void> }> {
  const url = new URL(`${keyed.baseUrl}/sandbox/logs`);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      headers: { authorization: `Bearer ${keyed.apiKey}`, accept: 'text/event-stream' },
      agent: false,
      signal,
    });
    request.on('error', (err) => reject(new Error(`GET /sandbox/logs: ${err.message}`)));
    request.on('response', (response) => {
      if (response.statusCode !== 200) return void refused(response).then(reject, reject);
      // Aborted by close(), or the connection was cut: either way nothing more will come.
      const ended = new Promise<void>((done) => response.on('close', done).on('error', () => undefined));
      response.setEncoding('utf8');
      let pending = '';
      response.on('data', (chunk: string) => {
        pending += chunk;
        let next: ReturnType<typeof nextEventMessage>;
        while ((next = nextEventMessage(pending)) !== null) {
          pending = next.rest;
          if (next.data === '') continue;
          const entry = JSON.parse(next.data) as LogEntry;
          if (entry.type === 'webhook_attempt') onAttempt(entry);
        }
      });
      resolve({ ended });
    });
    request.end();
  });
}

async function refused(response: IncomingMessage): Promise<Error> {
  let text = '';
  for await (const chunk of response) text += String(chunk);
  const message = (JSON.parse(text || '{}') as { error?: { message?: string } }).error?.message;
  return new Error(`GET /sandbox/logs answered ${response.statusCode}: ${message ?? text.slice(0, 200)}`);
}
