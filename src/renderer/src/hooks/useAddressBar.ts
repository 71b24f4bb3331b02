// Keeps the address bar and the console in step: the open screen and object are written to the
// hash as the tester moves (one history entry each), and a reload, Back, Forward or a pasted
// address opens what it names.
import { useEffect } from 'react';
import { formatRoute, parseRoute, type ConsoleRoute } from '../lib/consoleRoute';
import { useConsoleStore } from '../store/consoleStore';

export function useAddressBar(): void {
  useEffect(() => {
    const store = useConsoleStore.getState;
    const current = (): ConsoleRoute => {
      const state = store();
      return {
        screen: state.screen,
        linkId: state.linkDetail.id ?? undefined,
        deliveryId: state.inspector.id ?? undefined,
        requestSeq: state.requests.selected?.seq,
      };
    };
    /** A request opened from the address arrives later: until then the address stays as it is. */
    let awaitedSeq: number | undefined;
    let applying = false;
    const apply = () => {
      const route = parseRoute(window.location.hash);
      const state = store();
      applying = true;
      try {
        state.setScreen(route.screen);
        if (route.screen === 'links' && (state.linkDetail.id ?? undefined) !== route.linkId)
          state.openLinkDetail(route.linkId ?? null);
        if ((state.inspector.id ?? undefined) !== route.deliveryId)
          state.inspectDelivery(route.deliveryId ?? null);
        if (route.screen === 'requests' && route.requestSeq !== state.requests.selected?.seq) {
          awaitedSeq = route.requestSeq;
          if (route.requestSeq === undefined) state.selectRequest(null);
          else state.openRequest(route.requestSeq);
        }
      } finally {
        applying = false;
      }
    };
    apply();
    const unsubscribe = useConsoleStore.subscribe(() => {
      if (applying) return;
      const route = current();
      if (awaitedSeq !== undefined) {
        if (route.screen === 'requests' && route.requestSeq !== awaitedSeq) return;
        awaitedSeq = undefined;
      }
      const next = formatRoute(route);
      if (next !== window.location.hash) window.history.pushState(null, '', next);
    });
    window.addEventListener('popstate', apply);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', apply);
    };
  }, []);
}
