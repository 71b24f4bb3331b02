// Copy as curl and Replay for one logged request: the two ways to send it again.
import { curlCommand } from '../../../../shared/curlCommand';
import { bodyWasLost } from '../../../../shared/missingBodies';
import { CopyButton } from '../../components/CopyButton';
import type { RequestBodies } from '../../store/requestsSlice';
import { useConsoleStore } from '../../store/consoleStore';
import type { RequestRow } from '../../lib/requestLog';
import { OfflineGate } from '../../components/OfflineGate';

export function RequestActions({ entry, bodies }: { entry: RequestRow; bodies: RequestBodies }) {
  const replay = useConsoleStore((state) => state.replayRequest);
  if (bodies.phase !== 'ready') return null;
  const lost = bodyWasLost(bodies);
  const curl = curlCommand({
    method: entry.method,
    url: window.location.origin + entry.path,
    headers: bodies.request_headers,
    body: bodies.request_body,
  });
  return (
    <div className="request-actions">
      <CopyButton text={curl} label="Copy as curl: this request as a command" caption="Copy as curl" />
      {entry.api && (
        <OfflineGate>
          <button
            type="button"
            className="button button-small"
            disabled={lost}
            title={lost ? 'Its body was not kept: a replay would send another request' : undefined}
            onClick={() => void replay(entry.seq)}
          >
            Replay
          </button>
        </OfflineGate>
      )}
      {entry.key_prefix && (
        <p className="hint">The curl command reads the key from $KEY: run export KEY=sk_test_… first.</p>
      )}
    </div>
  );
}
