// Keeps the address bar and the console in step: the open screen and object are written to the
// hash as the tester moves (one history entry each), and a reload, Back, Forward or a pasted
// address opens what it names.
import { useEffect } from 'react';
import { formatRoute, parseRoute, type ConsoleRoute } from '../lib/consoleRoute';
import { DEFAULT_INBOX } from '../lib/inboxAnswer';
import { linksViewOf, PLAIN_LINKS_VIEW, sameLinksView, writeLinksView } from '../lib/linksQuery';
import { useConsoleStore } from '../store/consoleStore';

export function useAddressBar(): void {
  useEffect(() => {
    const store = useConsoleStore.getState;
    const current = (): ConsoleRoute => {
      const state = store();
      return {
        screen: state.screen,
        linkId: state.linkDetail.id ?? undefined,
        webhooksView: state.webhooksView === 'events' ? 'events' : undefined,
        deliveryId: state.inspector.id ?? undefined,
        requestSeq: state.requests.selected?.seq,
        requestId: state.requests.selected?.request_id,
        inboxName: state.inbox.name === DEFAULT_INBOX && !state.inbox.selected ? undefined : state.inbox.name,
        inboxMessageId: state.inbox.selected?.id,
        requestQuery: state.requests.query.trim() || undefined,
        payloadQuery:
          (state.screen === 'inbox' ? state.inbox.query : state.deliveries.filter.q).trim() || undefined,
        linksView:
          state.screen === 'links' && writeLinksView(state.links) ? linksViewOf(state.links) : undefined,
      };
    };
    /** Only the Links search's text differs: the tester is typing, which rewrites the entry (see below). */
    const searchOnly = (route: ConsoleRoute, was: ConsoleRoute) => {
      const unsearched = (r: ConsoleRoute) =>
        formatRoute({ ...r, linksView: { ...(r.linksView ?? PLAIN_LINKS_VIEW), q: '' } });
      // A search begun or cleared is a step of its own; one being edited is not.
      const editing = !!route.linksView?.q && !!was.linksView?.q;
      return (
        route.screen === 'links' && was.screen === 'links' && editing && unsearched(route) === unsearched(was)
      );
    };
    /**
     * A request or inbox message opened from the address arrives later: until then the address
     * stays as it is. Once it is known to be gone, the address says what is open instead.
     */
    let awaited: { screen: 'requests' | 'inbox'; id: string } | undefined;
    const awaitedIn = (route: ConsoleRoute) =>
      route.screen === 'requests' ? String(route.requestSeq) : route.inboxMessageId;
    const wait = (screen: 'requests' | 'inbox', id: string, opening: Promise<void>) => {
      const mine = { screen, id };
      awaited = mine;
      void opening.finally(() => {
        if (awaited !== mine) return;
        awaited = undefined;
        window.history.replaceState(null, '', formatRoute(current()));
      });
    };
    let applying = false;
    let first = true;
    const apply = () => {
      const route = parseRoute(window.location.hash);
      const state = store();
      applying = true;
      try {
        state.setScreen(route.screen);
        if (route.screen === 'webhooks') state.setWebhooksView(route.webhooksView ?? 'deliveries');
        if (route.screen === 'links' && (state.linkDetail.id ?? undefined) !== route.linkId)
          state.openLinkDetail(route.linkId ?? null);
        const view = route.linksView ?? PLAIN_LINKS_VIEW;
        if (route.screen === 'links' && !sameLinksView(view, linksViewOf(state.links))) {
          // On opening, the list is read once the event stream is open (see useLiveEvents): the
          // view only has to be in place by then, not read twice.
          if (first) useConsoleStore.setState({ links: { ...state.links, ...view } });
          else state.setLinkFilter(view);
        }
        if ((state.inspector.id ?? undefined) !== route.deliveryId)
          state.inspectDelivery(route.deliveryId ?? null);
        const openRequest = state.requests.selected;
        const otherRequest =
          route.requestSeq !== openRequest?.seq ||
          (route.requestId !== undefined && route.requestId !== openRequest?.request_id);
        if (route.screen === 'requests' && otherRequest) {
          if (route.requestSeq === undefined) state.selectRequest(null);
          else
            wait('requests', String(route.requestSeq), state.openRequest(route.requestSeq, route.requestId));
        }
        if (route.screen === 'requests' && (route.requestQuery ?? '') !== state.requests.query.trim())
          state.setRequestQuery(route.requestQuery ?? '');
        // On opening, the lists are read once the event stream is open (see useLiveEvents): the
        // search only has to be in place by then, not read twice.
        const payloadQuery = route.payloadQuery ?? '';
        if (
          route.screen === 'webhooks' &&
          route.webhooksView !== 'events' &&
          payloadQuery !== state.deliveries.filter.q.trim()
        ) {
          if (first)
            useConsoleStore.setState({
              deliveries: { ...state.deliveries, filter: { ...state.deliveries.filter, q: payloadQuery } },
            });
          else state.setDeliveryFilter({ q: payloadQuery });
        }
        if (route.screen === 'inbox' && payloadQuery !== state.inbox.query.trim()) {
          if (first) useConsoleStore.setState({ inbox: { ...state.inbox, query: payloadQuery } });
          else state.setInboxQuery(payloadQuery);
        }
        if (route.screen === 'inbox') {
          const name = route.inboxName ?? DEFAULT_INBOX;
          if (state.inbox.name !== name) state.showInbox(name);
          if (route.inboxMessageId !== state.inbox.selected?.id) {
            if (route.inboxMessageId === undefined) state.openInboxMessage(null);
            else wait('inbox', route.inboxMessageId, state.openInboxMessageById(name, route.inboxMessageId));
          }
        }
      } finally {
        applying = false;
        first = false;
      }
    };
    apply();
    const unsubscribe = useConsoleStore.subscribe(() => {
      if (applying) return;
      const route = current();
      if (awaited) {
        if (route.screen === awaited.screen && awaitedIn(route) !== awaited.id) return;
        awaited = undefined;
      }
      const next = formatRoute(route);
      if (next === window.location.hash) return;
      // Typing in a search box (Requests, Links, Deliveries, Inbox) changes only what is searched for: one
      // history entry, rewritten as the tester types, rather than one per keystroke. A new
      // status, range or order is a step of its own, which Back undoes.
      const samePlace = next.split('?')[0] === window.location.hash.split('?')[0];
      const typing =
        route.screen === 'requests' ||
        route.screen === 'webhooks' ||
        route.screen === 'inbox' ||
        searchOnly(route, parseRoute(window.location.hash));
      if (samePlace && typing) window.history.replaceState(null, '', next);
      else window.history.pushState(null, '', next);
    });
    window.addEventListener('popstate', apply);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', apply);
    };
  }, []);
}
