// Which inbox is shown, the URL senders post to, and clearing what it received.
import { CopyButton } from '../../components/CopyButton';
import { DEFAULT_INBOX, inboxUrl } from '../../lib/inboxAnswer';
import { useConsoleStore } from '../../store/consoleStore';
import { OfflineGate } from '../../components/OfflineGate';

export function InboxToolbar() {
  const name = useConsoleStore((state) => state.inbox.name);
  const views = useConsoleStore((state) => state.inbox.views);
  const count = useConsoleStore((state) => state.inbox.messages.length);
  const showInbox = useConsoleStore((state) => state.showInbox);
  const clearInbox = useConsoleStore((state) => state.clearInbox);
  const names = [...new Set([DEFAULT_INBOX, name, ...views.map((v) => v.name)])].sort();
  const url = inboxUrl(name, window.location.origin);

  return (
    <div className="toolbar inbox-toolbar">
      <label className="field-inline">
        <span>Inbox</span>
        <select value={name} onChange={(event) => showInbox(event.target.value)}>
          {names.map((known) => (
            <option key={known} value={known}>
              {known}
            </option>
          ))}
        </select>
      </label>
      <code className="inbox-url" data-testid="inbox-url">
        {url}
      </code>
      <CopyButton text={url} label="Copy the inbox URL" />
      <OfflineGate>
        <button
          type="button"
          className="button button-small"
          disabled={count === 0}
          onClick={() => void clearInbox()}
        >
          Clear
        </button>
      </OfflineGate>
    </div>
  );
}
