// The sandbox clock (docs/contract.md §11): what it reads, and the tester's moves (advance, freeze,
// resume). Every read feeds the console's own sense of "now" (useNow), so countdowns follow it.
// What a move did is said by the clock panel while it is open (it stays open for the next move,
// and a toast per move would pile up over it), else by a toast.
import type { StateCreator } from 'zustand';
import type { ClockHome } from '../../../shared/consoleSchemas';
import type { ClockView } from '../../../shared/types';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { followSandboxClock } from '../hooks/useNow';
import { clockMoveText } from '../lib/clockText';
import { clockHomeDoneText } from '../lib/clockHomeText';
import type { ConsoleState } from './consoleStore';

export type ClockMove = { seconds: number } | { to: string } | 'freeze' | 'resume';

export interface ClockSliceState {
  view: ClockView | null;
  busy: boolean;
  /** Whether the advance controls are open. */
  open: boolean;
  /** What the last move did, in words, for the open panel; cleared when it opens. */
  lastMove: string | null;
}

export interface ClockSlice {
  clock: ClockSliceState;
  loadClock(): Promise<void>;
  applyClock(view: ClockView): void;
  /** Resolves true once the sandbox has moved (and applied what fell due); errors become a toast. */
  moveClock(move: ClockMove): Promise<boolean>;
  setClockControlsOpen(open: boolean): void;
  /** What going back to real time would leave stamped ahead; null (after a toast) if unread. */
  previewClockHome(): Promise<ClockHome | null>;
  /** Back to real time with the data kept (docs/clock.md, "Back to real time"); true once done. */
  bringClockHome(): Promise<boolean>;
}

export const createClockSlice: StateCreator<ConsoleState, [], [], ClockSlice> = (set, get) => {
  const patch = (update: Partial<ClockSliceState>) =>
    set((state) => ({ clock: { ...state.clock, ...update } }));
  const moved = (text: string) => {
    patch({ lastMove: text });
    if (!get().clock.open) get().pushToast('success', text);
  };

  return {
    clock: { view: null, busy: false, open: false, lastMove: null },

    async loadClock() {
      try {
        get().applyClock(await consoleClient.getClock());
      } catch (error) {
        get().pushToast('error', `Could not read the sandbox clock: ${messageOf(error)}`);
      }
    },

    applyClock(view) {
      followSandboxClock(view);
      patch({ view });
    },

    async moveClock(move) {
      if (get().clock.busy) return false;
      patch({ busy: true });
      try {
        const view =
          move === 'freeze'
            ? await consoleClient.freezeClock()
            : move === 'resume'
              ? await consoleClient.resumeClock()
              : await consoleClient.advanceClock(move);
        get().applyClock(view);
        moved(clockMoveText(move, view));
        return true;
      } catch (error) {
        get().pushToast('error', `Could not move the clock: ${messageOf(error)}`);
        return false;
      } finally {
        patch({ busy: false });
      }
    },

    setClockControlsOpen: (open) => patch(open ? { open, lastMove: null } : { open }),

    async previewClockHome() {
      try {
        return await consoleClient.clockHome();
      } catch (error) {
        get().pushToast('error', `Could not read what going back would leave: ${messageOf(error)}`);
        return null;
      }
    },

    async bringClockHome() {
      if (get().clock.busy) return false;
      patch({ busy: true });
      try {
        const done = await consoleClient.resetClock();
        get().applyClock(done.clock);
        moved(clockHomeDoneText(done));
        return true;
      } catch (error) {
        get().pushToast('error', `Could not bring the clock back to real time: ${messageOf(error)}`);
        return false;
      } finally {
        patch({ busy: false });
      }
    },
  };
};
