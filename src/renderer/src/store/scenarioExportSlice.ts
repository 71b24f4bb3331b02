// The Requests screen's "Export as scenario": the ticked requests (or the whole log) as a file
// `payment-links-sandbox run` replays. When a step needs a request left out (the first use of a key
// it reuses, the create of its link), the export waits for the tester: tick those too, export
// anyway, or stop, rather than save a file whose replay then fails.
import type { StateCreator } from 'zustand';
import type { Scenario, ScenarioLeftOut, ScenarioNeed } from '../../../shared/scenario';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { saveDownload } from '../lib/saveDownload';
import type { ConsoleState } from './consoleStore';

/** An export the server made whose steps need requests it left out, waiting for the tester's choice. */
export interface HeldExport {
  scenario: Scenario;
  leftOut: ScenarioLeftOut[];
  needs: ScenarioNeed[];
}

export interface ScenarioExportSlice {
  heldExport: HeldExport | null;
  /** Exports the ticked requests (none ticked: the whole log); held when a step needs one left out. */
  exportScenario(): Promise<void>;
  /** Saves the held export as it is. */
  saveHeldExport(): void;
  /** Ticks the requests the held export's steps need, and exports again. */
  exportWithNeeds(): Promise<void>;
  dropHeldExport(): void;
}

function save({ scenario, leftOut }: { scenario: Scenario; leftOut: ScenarioLeftOut[] }): string {
  saveDownload(
    new Blob([`${JSON.stringify(scenario, null, 2)}\n`], { type: 'application/json' }),
    'scenario.json',
  );
  const count = scenario.steps.length;
  const left =
    leftOut.length === 0
      ? ''
      : `. Left out ${leftOut.length}: ${leftOut.map((e) => `${e.seq} ${e.method} ${e.path} (${e.reason})`).join('; ')}`;
  return `Exported ${count} ${count === 1 ? 'request' : 'requests'}: run it with npx payment-links-sandbox run scenario.json${left}`;
}

export const createScenarioExportSlice: StateCreator<ConsoleState, [], [], ScenarioExportSlice> = (
  set,
  get,
) => ({
  heldExport: null,

  async exportScenario() {
    const { checked } = get().requests;
    try {
      const made = await consoleClient.exportScenario(checked.length > 0 ? checked : undefined);
      if (made.needs.length > 0) set({ heldExport: made });
      else get().pushToast('success', save(made));
    } catch (error) {
      get().pushToast('error', `Could not export a scenario: ${messageOf(error)}`);
    }
  },

  saveHeldExport() {
    const held = get().heldExport;
    if (!held) return;
    set({ heldExport: null });
    get().pushToast('success', save(held));
  },

  async exportWithNeeds() {
    const held = get().heldExport;
    if (!held) return;
    const { requests } = get();
    const needed = held.needs.flatMap(({ needs }) => (needs === null ? [] : [needs]));
    // With none ticked the whole log was exported, and every request it keeps was in it already.
    const checked = [...new Set([...requests.checked, ...needed])];
    set({ heldExport: null, requests: { ...requests, checked } });
    await get().exportScenario();
  },

  dropHeldExport() {
    set({ heldExport: null });
  },
});
