// "Create sample links": a run of any size made a part at a time, so the dialog can show how far
// it is and stop it between parts; the samples made stay, and the toast says how many.
import type { StateCreator } from 'zustand';
import type { LinkStatus } from '../../../shared/types';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { PART_SIZE, workInParts, type WorkProgress } from '../lib/workInParts';
import type { ConsoleState } from './consoleStore';

/** The most one run makes: about two minutes of the sandbox's work, in parts of PART_SIZE. */
export const MAX_SAMPLES = 100_000;

export interface SamplesSlice {
  /** The run under way, if any. */
  samples: WorkProgress | null;
  /**
   * Makes `count` sample links, a part at a time, and says in a toast what was made. Throws when
   * the first part is refused (nothing was made), for the dialog to show by its field.
   */
  createSampleLinks(count: number): Promise<void>;
  /** Stops the run once the part under way is made. */
  cancelSampleLinks(): void;
}

type Mix = Partial<Record<LinkStatus, number>>;

const mixWords = (mix: Mix) =>
  Object.entries(mix)
    .map(([status, n]) => `${n.toLocaleString('en')} ${status}`)
    .join(', ');

export const createSamplesSlice: StateCreator<ConsoleState, [], [], SamplesSlice> = (set, get) => ({
  samples: null,

  async createSampleLinks(count) {
    if (get().samples) return;
    set({ samples: { done: 0, total: count, cancelling: false } });
    const mix: Mix = {};
    let run: string | undefined;
    let made = 0;
    try {
      const { stopped } = await workInParts(
        count,
        PART_SIZE,
        (start, n) => consoleClient.createSampleLinks(n, { from: start + 1, run }),
        (done, result) => {
          made = done;
          run = result.run;
          for (const [status, n] of Object.entries(result.by_status) as [LinkStatus, number][])
            mix[status] = (mix[status] ?? 0) + n;
          set((state) => ({ samples: state.samples && { ...state.samples, done } }));
        },
        () => get().samples?.cancelling === true,
      );
      const total = count.toLocaleString('en');
      get().pushToast(
        'success',
        stopped
          ? `Cancelled after ${made.toLocaleString('en')} of ${total} sample links; those were made: ${mixWords(mix)}.`
          : `Created ${total} sample links: ${mixWords(mix)}.`,
      );
    } catch (error) {
      if (made === 0) throw error;
      // The count comes last: a toast ending in "not answering" is held back while offline.
      get().pushToast(
        'error',
        `${messageOf(error)} The run stopped: ${made.toLocaleString('en')} of ${count.toLocaleString('en')} sample links were made (${mixWords(mix)}).`,
      );
    } finally {
      set({ samples: null });
      // Thousands of changes came on the stream meanwhile: reading the view afresh is cheaper.
      if (made > 0) void get().loadLinks();
    }
  },

  cancelSampleLinks() {
    set((state) => ({ samples: state.samples && { ...state.samples, cancelling: true } }));
  },
});
