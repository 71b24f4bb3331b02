// The Inbox screen: the sandbox's own webhook receiver. Which inbox, how it answers, and what it
// received, live; clicking a message opens its headers and body.
import { useConsoleStore } from '../../store/consoleStore';
import { AnswerForm } from './AnswerForm';
import { InboxMessageDetail } from './InboxMessageDetail';
import { InboxMessages } from './InboxMessages';
import { InboxToolbar } from './InboxToolbar';
import { OfflineGate } from '../../components/OfflineGate';

export function InboxScreen() {
  const selected = useConsoleStore((state) => state.inbox.selected);
  const name = useConsoleStore((state) => state.inbox.name);
  // The form starts over from the inbox's settings whenever they change (here, or from a test's PUT).
  const settings = useConsoleStore(
    (state) => state.inbox.views.find((v) => v.name === state.inbox.name)?.settings,
  );
  return (
    <section className="screen screen-inbox" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">Inbox</h2>
        <InboxToolbar />
      </header>
      <OfflineGate>
        <AnswerForm key={`${name} ${JSON.stringify(settings)}`} />
      </OfflineGate>
      <InboxMessages />
      {selected && <InboxMessageDetail key={selected.id} summary={selected} />}
    </section>
  );
}
