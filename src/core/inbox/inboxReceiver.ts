import type { IncomingMessage } from 'node:http';
import type { InboxMessageSummary } from '../../shared/types';
import { isoTime } from '../clock';
import type { SandboxCore } from '../sandboxCore';
import { endpointsPointingAt, verifyInboxRequest } from './inboxVerification';
import { eventOf, flatHeaders, queryOf, readKeptBody } from './receivedRequest';

/**
 * One request to /_inbox/{name}: read whole (the first 256 KiB kept), verified against the
 * sandbox's endpoints that point here (with every header it carried), then recorded and given its
 * answer (the inbox's sequence moves on), which announces it. The caller sends the answer, after
 * its delay.
 */
export async function receiveInboxRequest(
  core: SandboxCore,
  name: string,
  raw: IncomingMessage,
): Promise<InboxMessageSummary> {
  const read = await readKeptBody(raw);
  const headers = flatHeaders(raw);
  const verification = verifyInboxRequest({
    endpoints: endpointsPointingAt(core.store.state.endpoints.values(), name, headers.host),
    name,
    headers,
    body: read.body,
    truncated: read.truncated,
    now: core.clock.now(),
    realNow: core.clock.realNow(),
  });
  const event = eventOf(read.body, read.truncated);
  return core.inbox.record(name, {
    headers,
    body: read.body,
    summary: {
      method: raw.method ?? 'POST',
      received_at: isoTime(core.clock.now()),
      content_type: headers['content-type'] ?? null,
      event_type: event.type,
      webhook_id: headers['webhook-id']?.slice(0, 200) ?? null,
      link_id: event.link_id,
      query: queryOf(raw.url),
      body_bytes: read.bytes,
      body_truncated: read.truncated,
      verification,
    },
  });
}
