// API fault rules (docs/contract.md §13), kept live by the event stream, and the Faults screen's actions.
import type { StateCreator } from 'zustand';
import type { FaultRule, NewFaultRule } from '../../../shared/faults';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export interface FaultsState {
  rules: FaultRule[];
  /** The route patterns a rule can match, as the server names them. */
  routes: string[];
  phase: 'loading' | 'ready' | 'error';
  /** Rules with a toggle or a removal in flight. */
  busy: Record<string, true>;
}

export interface FaultsSlice {
  faults: FaultsState;
  loadFaults(): Promise<void>;
  /** Throws the API's error, so the form can show it beside its field. */
  addFault(rule: NewFaultRule): Promise<FaultRule>;
  setFaultEnabled(id: string, enabled: boolean): Promise<void>;
  removeFault(id: string): Promise<void>;
  applyFaultsChanged(rules: FaultRule[]): void;
}

export const createFaultsSlice: StateCreator<ConsoleState, [], [], FaultsSlice> = (set, get) => {
  const patch = (update: (f: FaultsState) => Partial<FaultsState>) =>
    set((state) => ({ faults: { ...state.faults, ...update(state.faults) } }));
  /** One action per rule at a time; a failure becomes a toast. */
  const run = async (id: string, failure: string, work: () => Promise<void>) => {
    if (get().faults.busy[id]) return;
    patch((f) => ({ busy: { ...f.busy, [id]: true } }));
    try {
      await work();
    } catch (error) {
      get().pushToast('error', `${failure}: ${messageOf(error)}`);
    } finally {
      patch((f) => {
        const { [id]: _done, ...busy } = f.busy;
        return { busy };
      });
    }
  };
  return {
    faults: { rules: [], routes: [], phase: 'loading', busy: {} },
    async loadFaults() {
      try {
        const { rules, routes } = await consoleClient.listFaults();
        patch(() => ({ rules, routes, phase: 'ready' }));
      } catch (error) {
        patch(() => ({ phase: 'error' }));
        get().pushToast('error', `Could not load the fault rules: ${messageOf(error)}`);
      }
    },
    async addFault(rule) {
      const added = await consoleClient.addFault(rule);
      // The event stream brings the same list; adding it now keeps the form's answer immediate.
      patch((f) => ({ rules: f.rules.some((r) => r.id === added.id) ? f.rules : [...f.rules, added] }));
      return added;
    },
    setFaultEnabled: (id, enabled) =>
      run(id, `Could not switch the rule ${enabled ? 'on' : 'off'}`, async () => {
        const changed = await consoleClient.setFaultEnabled(id, enabled);
        patch((f) => ({ rules: f.rules.map((r) => (r.id === id ? changed : r)) }));
      }),
    removeFault: (id) =>
      run(id, 'Could not remove the rule', async () => {
        await consoleClient.removeFault(id);
        patch((f) => ({ rules: f.rules.filter((r) => r.id !== id) }));
      }),
    applyFaultsChanged: (rules) => patch(() => ({ rules, phase: 'ready' })),
  };
};
