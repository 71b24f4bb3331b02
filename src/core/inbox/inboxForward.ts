import { httpUrlProblem } from '../../shared/webhookInputs';
import type { InboxForwardResult, InboxMessage } from '../../shared/types';
import { SandboxError } from '../errors';
import { replayableHeaders } from '../../shared/inboxCurl';
import { sendAttempt } from '../webhooks/sendAttempt';

/** As a sandbox delivery (docs/contract.md §8): a forward that takes longer is given up. */
const FORWARD_TIMEOUT_MS = 10_000;
const KEPT_ANSWER_BYTES = 4096;

/** The URL a tester typed, when it is one a forward can go to; else a 400 that says what is allowed. */
export function forwardUrl(given: string): URL {
  const problem = httpUrlProblem(given.trim(), 'can be forwarded to', 'http://127.0.0.1:3000/webhooks');
  if (problem) throw new SandboxError('parameter_invalid', problem, 'url');
  return new URL(given.trim());
}

/**
 * "Forward to…": sends a kept message again to `url`, with its method, its raw body and its
 * headers as received (less those that describe the old connection: Host, Content-Length,
 * Connection…), as a delivery is sent (one deadline, redirects not followed), and answers how the
 * URL answered. No answer (refused, timed out) is a result too, with its reason: the forward was made.
 */
export async function forwardMessage(message: InboxMessage, url: URL): Promise<InboxForwardResult> {
  const body = Buffer.from(message.body, message.body_encoding);
  const outcome = await sendAttempt(
    url.href,
    replayableHeaders(message.headers),
    body,
    FORWARD_TIMEOUT_MS,
    message.method,
  );
  const answer = outcome.response;
  return {
    url: url.href,
    method: message.method,
    status: answer?.status ?? null,
    error: answer ? null : outcome.error,
    duration_ms: Math.round(outcome.duration_ms),
    // Only the start of the answer is shown beside the forward.
    response_body: answer ? Buffer.from(answer.body).subarray(0, KEPT_ANSWER_BYTES).toString('utf8') : '',
    body_truncated: message.body_truncated,
  };
}
