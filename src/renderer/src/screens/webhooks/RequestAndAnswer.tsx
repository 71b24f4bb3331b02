// One request the sandbox sent to a receiver and what came back, as it went over the wire: a
// delivery's attempt and an endpoint check's probe are read the same way.
import type { ReactNode } from 'react';
import { curlCommand } from '../../../../shared/curlCommand';
import { CopyButton } from '../../components/CopyButton';
import { formatDateTime } from '../../lib/dates';
import { formatDuration, prettyBody } from '../../lib/webhookFormat';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface ReceivedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  body_truncated: boolean;
}

interface RequestAndAnswerProps {
  /** Its heading: "Attempt 2 · series 1", "Request 1". */
  heading: ReactNode;
  /** A line under the heading about how it came to be sent (Retry now). */
  note?: ReactNode;
  /** Its name for assistive technology and Copy as curl: "Attempt 1.2", "Request 1". */
  name: string;
  /** When it was sent, where that is known. */
  at?: string;
  durationMs: number;
  request: SentRequest;
  response: ReceivedAnswer | null;
  /** Why nothing (or nothing good) came back: a timeout, a refused connection. */
  error: string | null;
  /** Whether its signature verifies; null or left out where the sandbox cannot tell (a deleted endpoint). */
  signatureVerified?: boolean | null;
  /** What a cut answer body says: how much of it was kept, and why. */
  cutNote(body: string): string;
}

function Headers({ headers, label }: { headers: Record<string, string>; label: string }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p className="muted">No headers</p>;
  return (
    <dl className="headers" aria-label={label}>
      {entries.map(([name, value]) => (
        <div key={name} className="header-row">
          <dt>{name}</dt>
          <dd className="mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Body({ body, label, cut }: { body: string; label: string; cut?: string }) {
  const text = prettyBody(body);
  const note = cut && (
    <p className="hint" data-testid="body-truncated">
      {cut}
    </p>
  );
  if (!text) return note || <p className="muted">Empty body</p>;
  return (
    <>
      <pre tabIndex={0} className="body-block" aria-label={label}>
        {text}
      </pre>
      {note}
    </>
  );
}

function Signature({ value, verified }: { value: string; verified: boolean | null | undefined }) {
  return (
    <div className="signature">
      <span className="signature-label">Signature</span>
      <span className="mono signature-value">{value}</span>
      {typeof verified === 'boolean' && (
        <span className={verified ? 'sig-badge sig-ok' : 'sig-badge sig-bad'}>
          {verified ? 'verifies' : 'does not verify'}
        </span>
      )}
    </div>
  );
}

export function RequestAndAnswer(props: RequestAndAnswerProps) {
  const { request, response, error } = props;
  const signature = request.headers['webhook-signature'];
  const ok = response !== null && response.status >= 200 && response.status < 300;
  return (
    <article className="exchange" aria-label={props.name}>
      <header className="exchange-header">
        <h4>{props.heading}</h4>
        {props.at && <span className="muted">{formatDateTime(props.at)}</span>}
        <span className="muted">{formatDuration(Math.round(props.durationMs))}</span>
        <span className={ok ? 'http-status http-ok' : 'http-status http-bad'} data-testid="response-status">
          {response ? `HTTP ${response.status}` : 'No response'}
        </span>
      </header>
      {props.note && <p className="hint">{props.note}</p>}
      {error && <p className="attempt-error">{error}</p>}

      <h5>Request</h5>
      <p className="mono request-line">
        {request.method} {request.url}{' '}
        <CopyButton
          text={curlCommand(request)}
          label={`Copy as curl: ${props.name.toLowerCase()} as a command`}
          caption="Copy as curl"
        />
      </p>
      {signature && <Signature value={signature} verified={props.signatureVerified} />}
      <Headers headers={request.headers} label="Request headers" />
      <Body body={request.body} label="Request body" />

      <h5>Response</h5>
      {response ? (
        <>
          <Headers headers={response.headers} label="Response headers" />
          <Body
            body={response.body}
            label="Response body"
            cut={response.body_truncated ? props.cutNote(response.body) : undefined}
          />
        </>
      ) : (
        <p className="muted">Nothing came back.</p>
      )}
    </article>
  );
}
