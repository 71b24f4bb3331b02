// A request or webhook body as the tester reads it: pretty JSON with a Raw toggle, Copy, and a line
// saying why there is none. The Requests detail and the Inbox message both show bodies this way.
import { useState, type ReactNode } from 'react';
import { prettyJson } from '../lib/requestLog';
import { CopyButton } from './CopyButton';

interface BodyBlockProps {
  /** Its name ("Request body", "Body"): the section's label and the Copy button's. */
  label: string;
  /** The heading, when it says more than the label ("Body (binary, as base64)"). */
  heading?: string;
  body: string | null;
  /** Whether the text may be JSON worth laying out (not base64). */
  json?: boolean;
  /** Why there is no body (none was sent, or it was not kept), when `body` is null. */
  whyNone?: string;
  /** A note under it: how much was kept. */
  hint?: ReactNode;
  testId?: string;
}

export function BodyBlock({
  label,
  heading = label,
  body,
  json = true,
  whyNone = 'No body.',
  hint,
  testId,
}: BodyBlockProps) {
  const [raw, setRaw] = useState(false);
  const pretty = body && json ? prettyJson(body) : null;
  return (
    <section className="request-body" aria-label={label}>
      <header className="request-body-header">
        <h4>{heading}</h4>
        {pretty?.json && (
          <button
            type="button"
            className="button button-small"
            aria-pressed={raw}
            onClick={() => setRaw((value) => !value)}
          >
            {raw ? 'Pretty' : 'Raw'}
          </button>
        )}
        {body && <CopyButton text={body} label={`Copy the ${label.toLowerCase()}`} />}
      </header>
      {body ? (
        <pre tabIndex={0} className="body-block" data-testid={testId}>
          {pretty && !raw ? pretty.text : body}
        </pre>
      ) : (
        <p className="muted">{body === null ? whyNone : 'Empty body'}</p>
      )}
      {hint && <p className="hint">{hint}</p>}
    </section>
  );
}
