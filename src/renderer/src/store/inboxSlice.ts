// The built-in webhook inbox: one inbox at a time, its messages live from the event stream, the
// open message's headers and body fetched on open, and how it answers.
import type { StateCreator } from 'zustand';
import type {
  InboxForwardResult,
  InboxMessage,
  InboxMessageSummary,
  InboxSettings,
  InboxView,
} from '../../../shared/types';
import { parsePayloadSearch } from '../../../shared/payloadSearch';
import { ConsoleApiError, consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { DEFAULT_INBOX, INBOX_CAP, INBOX_MESSAGE_CAP, inboxUrl } from '../lib/inboxAnswer';
import type { ConsoleState } from './consoleStore';

export type InboxDetail = { phase: 'loading' | 'gone' | 'error' } | { phase: 'ready'; message: InboxMessage };

/** "Forward to…" of the open message: the URL last typed, and how its forward went. */
export type InboxForward =
  | { phase: 'idle' | 'sending'; url: string }
  | { phase: 'done'; url: string; result: InboxForwardResult }
  | { phase: 'refused'; url: string; error: string };

export interface InboxState {
  /** The inbox shown. */
  name: string;
  views: InboxView[];
  /** Of the inbox shown, newest first: those the search matches when one is on. */
  messages: InboxMessageSummary[];
  /** The search over what each message carries (docs/contract.md §16), as typed; blank is none. */
  query: string;
  /** What is wrong with the search typed, and what a search may be; it is not run until fixed. */
  searchProblem: string | null;
  phase: 'loading' | 'ready' | 'error';
  selected: InboxMessageSummary | null;
  detail: InboxDetail;
  forward: InboxForward;
}

export interface InboxSlice {
  inbox: InboxState;
  loadInbox(): Promise<void>;
  showInbox(name: string): void;
  setInboxQuery(query: string): void;
  openInboxMessage(message: InboxMessageSummary | null): void;
  /** Opens a message by its inbox and id (an address); settles once it is open or known to be gone. */
  openInboxMessageById(name: string, id: string): Promise<void>;
  /** Throws the API's error, so the form can show it beside its field. */
  setInboxAnswer(settings: InboxSettings): Promise<void>;
  clearInbox(): Promise<void>;
  /** Sends the open message again to `url`; the outcome lands in `inbox.forward`. */
  forwardInboxMessage(url: string): Promise<void>;
  /** The one-click endpoint at this sandbox's own default inbox; false when it could not. */
  addInboxEndpoint(): Promise<boolean>;
  /** Oldest first, as the stream delivers them. */
  applyInboxReceived(messages: InboxMessageSummary[]): void;
  applyInboxChanged(view: InboxView): void;
}

/** While a search is on, messages arriving live are checked by reading its matches again, this long after. */
const SEARCH_REFRESH_MS = 300;

/** An inbox the server has not reported yet answers as every new one does. */
const freshView = (name: string): InboxView => ({
  name,
  settings: { status: 200, delay_ms: 0, sequence: [] },
  sequence_used: 0,
  message_count: 0,
  last_received_at: null,
});

const initial: InboxState = {
  name: DEFAULT_INBOX,
  views: [],
  messages: [],
  query: '',
  searchProblem: null,
  phase: 'loading',
  selected: null,
  detail: { phase: 'loading' },
  forward: { phase: 'idle', url: '' },
};

export const createInboxSlice: StateCreator<ConsoleState, [], [], InboxSlice> = (set, get) => {
  const patch = (update: (i: InboxState) => Partial<InboxState>) =>
    set((state) => ({ inbox: { ...state.inbox, ...update(state.inbox) } }));
  const upsertView = (view: InboxView) =>
    patch((i) => ({
      views: [view, ...i.views.filter((known) => known.name !== view.name)].slice(0, INBOX_CAP),
    }));

  let searchRefresh: ReturnType<typeof setTimeout> | undefined;
  /** A read of the search's matches, not yet answered: a later one supersedes it. */
  let reading = 0;

  return {
    inbox: initial,

    async loadInbox() {
      const { name, query } = get().inbox;
      const read = ++reading;
      clearTimeout(searchRefresh);
      searchRefresh = undefined;
      const parsed = parsePayloadSearch(query);
      const problem = 'problem' in parsed ? parsed.problem : null;
      patch(() => ({ searchProblem: problem }));
      try {
        const [views, messages] = await Promise.all([
          consoleClient.listInboxes(),
          problem ? [] : consoleClient.listInboxMessages(name, query.trim() || undefined),
        ]);
        // Another inbox or search was chosen meanwhile: its own load answers for it.
        if (read !== reading) return;
        patch(() => ({ views, messages, phase: 'ready' }));
      } catch (error) {
        patch(() => ({ phase: 'error' }));
        get().pushToast('error', `Could not load the inbox: ${messageOf(error)}`);
      }
    },

    showInbox(name) {
      patch(() => ({ name, messages: [], phase: 'loading', selected: null }));
      void get().loadInbox();
    },

    setInboxQuery(query) {
      if (query === get().inbox.query) return;
      patch(() => ({ query, phase: 'loading' }));
      void get().loadInbox();
    },

    openInboxMessage(message) {
      patch((i) => ({
        selected: message,
        detail: { phase: 'loading' },
        forward: { phase: 'idle', url: i.forward.url },
      }));
      if (!message) return;
      consoleClient.getInboxMessage(message.inbox, message.id).then(
        (full) => {
          if (get().inbox.selected?.id === message.id)
            patch(() => ({ detail: { phase: 'ready', message: full } }));
        },
        (error: unknown) => {
          const gone = error instanceof ConsoleApiError && error.status === 404;
          if (get().inbox.selected?.id === message.id)
            patch(() => ({ detail: { phase: gone ? 'gone' : 'error' } }));
        },
      );
    },

    async openInboxMessageById(name, id) {
      const known = get().inbox.name === name ? get().inbox.messages.find((m) => m.id === id) : undefined;
      if (known) return get().openInboxMessage(known);
      try {
        const full = await consoleClient.getInboxMessage(name, id);
        const { headers: _headers, body: _body, body_encoding: _encoding, ...summary } = full;
        if (get().inbox.name === name)
          patch(() => ({ selected: summary, detail: { phase: 'ready', message: full } }));
      } catch {
        get().pushToast(
          'error',
          `Message ${id} is no longer in inbox ${name}: inboxes keep their newest 1,000 messages, until Clear or POST /sandbox/reset empties them.`,
        );
      }
    },

    async setInboxAnswer(settings) {
      upsertView(await consoleClient.setInboxAnswer(get().inbox.name, settings));
      get().pushToast('success', `Inbox ${get().inbox.name} answers as set.`);
    },

    async clearInbox() {
      try {
        upsertView(await consoleClient.clearInbox(get().inbox.name));
        patch(() => ({ messages: [], selected: null }));
      } catch (error) {
        get().pushToast('error', `Could not clear the inbox: ${messageOf(error)}`);
      }
    },

    async forwardInboxMessage(url) {
      const message = get().inbox.selected;
      if (!message) return;
      patch(() => ({ forward: { phase: 'sending', url } }));
      try {
        const result = await consoleClient.forwardInboxMessage(message.inbox, message.id, url);
        if (get().inbox.selected?.id === message.id)
          patch(() => ({ forward: { phase: 'done', url, result } }));
      } catch (error) {
        if (get().inbox.selected?.id === message.id)
          patch(() => ({ forward: { phase: 'refused', url, error: messageOf(error) } }));
      }
    },

    async addInboxEndpoint() {
      try {
        await get().createEndpoint({
          url: inboxUrl(DEFAULT_INBOX, window.location.origin),
          description: 'The built-in inbox (Inbox screen)',
        });
        get().pushToast(
          'success',
          'The built-in inbox is an endpoint: webhooks now show on the Inbox screen.',
        );
        return true;
      } catch (error) {
        get().pushToast('error', `Could not add the inbox as an endpoint: ${messageOf(error)}`);
        return false;
      }
    },

    applyInboxReceived(received) {
      patch((i) => {
        let views = i.views;
        for (const message of received) {
          const known = views.find((v) => v.name === message.inbox);
          const view: InboxView = known
            ? {
                ...known,
                message_count: Math.min(known.message_count + 1, INBOX_MESSAGE_CAP),
                sequence_used: Math.min(known.sequence_used + 1, known.settings.sequence.length),
                last_received_at: message.received_at,
              }
            : { ...freshView(message.inbox), message_count: 1, last_received_at: message.received_at };
          views = [view, ...views.filter((v) => v.name !== message.inbox)];
        }
        views = views.slice(0, INBOX_CAP);
        if (i.phase !== 'ready') return { views };
        const shown = received.filter((m) => m.inbox === i.name).reverse();
        if (shown.length === 0) return { views };
        // A summary does not carry its body: only the server can say whether the search matches it.
        if (i.query.trim() !== '') {
          searchRefresh ??= setTimeout(() => void get().loadInbox(), SEARCH_REFRESH_MS);
          return { views };
        }
        return { views, messages: [...shown, ...i.messages].slice(0, INBOX_MESSAGE_CAP) };
      });
    },

    applyInboxChanged(view) {
      upsertView(view);
      if (view.name === get().inbox.name && view.message_count === 0) patch(() => ({ messages: [] }));
    },
  };
};
