// "Check this endpoint": each endpoint's checks as the core keeps them (its running checks and last
// reports, docs/endpoint-check.md "In the console"), and the action that starts one.
import type { StateCreator } from 'zustand';
import type { EndpointCheck } from '../../../shared/endpointCheck';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

/**
 * How long one read of a running check waits for it to finish (?wait=), so the progress shown
 * moves at least this often. The event stream carries store changes, and a check changes nothing
 * stored (its events are synthetic), so its progress is read, not announced.
 */
const WAIT_SECONDS = 1;

export interface EndpointChecksState {
  /** Per endpoint id, newest first: running checks, then the reports the core keeps. */
  byEndpoint: Record<string, EndpointCheck[]>;
  /** Why the last load or start failed, per endpoint. */
  errors: Record<string, string>;
}

export interface EndpointChecksSlice {
  endpointChecks: EndpointChecksState;
  /** Reads the endpoint's kept checks, following any that is still running. */
  loadEndpointChecks(endpointId: string): Promise<void>;
  startEndpointCheck(endpointId: string): Promise<void>;
  /**
   * Opening the panel asks for a check: the kept ones are read first, so the new one is compared
   * with the last, and one still running is followed rather than started again.
   */
  openEndpointCheck(endpointId: string): Promise<void>;
}

export const createEndpointChecksSlice: StateCreator<ConsoleState, [], [], EndpointChecksSlice> = (
  set,
  get,
) => {
  const patch = (update: (c: EndpointChecksState) => Partial<EndpointChecksState>) =>
    set((state) => ({ endpointChecks: { ...state.endpointChecks, ...update(state.endpointChecks) } }));
  const setError = (endpointId: string, message: string | null) =>
    patch((c) => {
      const { [endpointId]: _old, ...errors } = c.errors;
      return { errors: message === null ? errors : { ...errors, [endpointId]: message } };
    });
  /** Puts a check in its endpoint's list: replaced where it is, or first when it is new. */
  const upsert = (endpointId: string, check: EndpointCheck) =>
    patch((c) => {
      const list = c.byEndpoint[endpointId] ?? [];
      const known = list.some((kept) => kept.id === check.id);
      return {
        byEndpoint: {
          ...c.byEndpoint,
          [endpointId]: known ? list.map((kept) => (kept.id === check.id ? check : kept)) : [check, ...list],
        },
      };
    });
  /** One follower per check, however many times the panel opens. */
  const following = new Set<string>();
  const follow = async (endpointId: string, checkId: string) => {
    if (following.has(checkId)) return;
    following.add(checkId);
    try {
      for (;;) {
        const check = await consoleClient.getEndpointCheck(endpointId, checkId, WAIT_SECONDS);
        upsert(endpointId, check);
        if (check.status === 'done') break;
      }
      // The core keeps the last reports only: read its list so an older one leaves here too.
      const kept = await consoleClient.listEndpointChecks(endpointId);
      patch((c) => ({ byEndpoint: { ...c.byEndpoint, [endpointId]: kept } }));
    } catch (error) {
      setError(endpointId, `Could not follow the check: ${messageOf(error)}`);
    } finally {
      following.delete(checkId);
    }
  };
  return {
    endpointChecks: { byEndpoint: {}, errors: {} },
    async loadEndpointChecks(endpointId) {
      try {
        const kept = await consoleClient.listEndpointChecks(endpointId);
        patch((c) => ({ byEndpoint: { ...c.byEndpoint, [endpointId]: kept } }));
        setError(endpointId, null);
        for (const check of kept) if (check.status === 'running') void follow(endpointId, check.id);
      } catch (error) {
        setError(endpointId, `Could not load the endpoint's checks: ${messageOf(error)}`);
      }
    },
    async openEndpointCheck(endpointId) {
      await get().loadEndpointChecks(endpointId);
      const kept = get().endpointChecks.byEndpoint[endpointId] ?? [];
      if (!kept.some((check) => check.status === 'running')) await get().startEndpointCheck(endpointId);
    },
    async startEndpointCheck(endpointId) {
      try {
        const check = await consoleClient.startEndpointCheck(endpointId);
        setError(endpointId, null);
        upsert(endpointId, check);
        void follow(endpointId, check.id);
      } catch (error) {
        const message = `Could not start the check: ${messageOf(error)}`;
        setError(endpointId, message);
        get().pushToast('error', message);
      }
    },
  };
};
