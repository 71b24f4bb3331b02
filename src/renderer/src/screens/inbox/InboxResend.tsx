// Sending a received message again: "Copy as curl" (a command that re-sends the raw body and
// headers) and "Forward to…" a URL the tester types, with how that URL answered.
import { useState, type FormEvent } from 'react';
import type { InboxMessage } from '../../../../shared/types';
import { inboxCurlCommand } from '../../../../shared/inboxCurl';
import { removedCredentials } from '../../../../shared/credentialHeaders';
import { CopyButton } from '../../components/CopyButton';
import { FormField } from '../../components/FormField';
import { inboxUrl } from '../../lib/inboxAnswer';
import { useConsoleStore } from '../../store/consoleStore';
import { StatusCode } from '../requests/StatusCode';
import { ActionButton } from '../../components/ActionButton';

function ForwardOutcome() {
  const forward = useConsoleStore((state) => state.inbox.forward);
  if (forward.phase === 'sending')
    return (
      <p className="muted" role="status">
        Forwarding…
      </p>
    );
  if (forward.phase !== 'done') return null;
  const { result } = forward;
  return (
    <div className="inbox-forward-result" role="status" data-testid="inbox-forward-result">
      {result.status === null ? (
        <p>
          <strong>No answer</strong> from <span className="mono">{result.url}</span>: {result.error}
        </p>
      ) : (
        <p>
          <span className="mono">{result.url}</span> answered <StatusCode status={result.status} /> in{' '}
          {result.duration_ms} ms
          {result.body_truncated && ' (only the 256 KiB kept of the body were sent)'}
        </p>
      )}
      {result.response_body !== '' && <pre className="inbox-forward-body">{result.response_body}</pre>}
    </div>
  );
}

/** "a", "a and b", "a, b and c". */
const listed = (names: string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

export function InboxResend({ message }: { message: InboxMessage }) {
  const forward = useConsoleStore((state) => state.inbox.forward);
  const send = useConsoleStore((state) => state.forwardInboxMessage);
  const [url, setUrl] = useState(forward.url);
  const own =
    inboxUrl(message.inbox, window.location.origin) + (message.query === '' ? '' : `?${message.query}`);
  const command = inboxCurlCommand(message, own);
  const removed = removedCredentials(message.headers);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(url);
  };

  return (
    <section className="inbox-resend" aria-labelledby="resend-title">
      <h4 id="resend-title">Send it again</h4>
      <div className="inbox-curl">
        <p className="muted">
          Copy as curl re-sends the raw body with these headers to this inbox; change the URL to send it
          elsewhere.
          {message.body_truncated && ' Only the first 256 KiB of the body were kept, so only they are sent.'}
          {removed.length > 0 &&
            ` The sandbox keeps no credentials, so ${listed(removed)} ${removed.length === 1 ? 'is' : 'are'} not sent.`}
        </p>
        <CopyButton text={command} caption="Copy as curl" />
      </div>
      <form className="inbox-forward" onSubmit={submit} noValidate>
        <FormField
          name="inbox-forward-url"
          label="Forward to…"
          value={url}
          onChange={setUrl}
          error={forward.phase === 'refused' ? forward.error : undefined}
          hint="An http:// or https:// URL: the sandbox sends the raw body there with the original headers."
        />
        <div className="inbox-forward-actions">
          <ActionButton
            type="submit"
            className="button"
            disabledReason={
              (url.trim() === '' && 'Type the URL to forward to first.') ||
              (forward.phase === 'sending' && 'Forwarding: wait for the answer.')
            }
          >
            Forward
          </ActionButton>
        </div>
      </form>
      <ForwardOutcome />
    </section>
  );
}
