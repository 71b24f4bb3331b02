// What the server runs with, and the data folder's export, import and reset. An import checks
// the file first (sent once to be checked, changing nothing), asks, then sends it again to be
// imported; both show how much of the file has gone, and Cancel drops it while it goes: an import
// is all or none. After an import or a reset (here or in another window) every slice reloads: the
// store behind them is new.
import type { StateCreator } from 'zustand';
import type { ResetOptions, ServerInfo, StoreCounts } from '../../../shared/dataFolder';
import { UploadCancelled, consoleClient, type UploadWatch } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { saveDownload } from '../lib/saveDownload';
import { describeCounts } from '../lib/storeCounts';
import type { WorkProgress } from '../lib/workInParts';
import type { ConsoleState } from './consoleStore';

export type DataAction = 'export' | 'import' | 'reset';

/**
 * An import under way: the file being checked, the question once it passed (with what it holds),
 * the file being sent to be imported, and, once all of it has gone, the store being replaced,
 * which can no longer be stopped.
 */
export type ImportStep =
  | { step: 'checking'; file: File; progress: WorkProgress }
  | { step: 'asking'; file: File; holds: StoreCounts }
  | { step: 'importing'; file: File; progress: WorkProgress }
  | { step: 'replacing'; file: File; progress: WorkProgress };

export interface DataFolderSlice {
  serverInfo: ServerInfo | null;
  dataBusy: DataAction | null;
  importing: ImportStep | null;
  /** Why the last file picked could not be imported, until another is picked. */
  importProblem: { file: string; message: string } | null;
  loadServerInfo(): Promise<void>;
  exportStore(): Promise<void>;
  /** Checks the file; a good one moves on to the question, a bad one to importProblem. */
  checkImport(file: File): Promise<void>;
  /** The tester's yes: the checked file replaces everything. */
  confirmImport(): Promise<void>;
  /** Stops the check or the import while the file goes: nothing is imported. */
  cancelImport(): void;
  /** The tester's no to the question. */
  declineImport(): void;
  resetStore(options: ResetOptions): Promise<void>;
  reloadAfterReplace(): void;
}

export const createDataFolderSlice: StateCreator<ConsoleState, [], [], DataFolderSlice> = (set, get) => {
  /** Runs one data action at a time, reporting its outcome as a toast. */
  const run = async (action: DataAction, work: () => Promise<string>, failure: string) => {
    set({ dataBusy: action });
    try {
      get().pushToast('success', await work());
    } catch (error) {
      get().pushToast('error', `${failure}: ${messageOf(error)}`);
    } finally {
      set({ dataBusy: null });
    }
  };

  let stopUpload: AbortController | null = null;
  /**
   * Sends the file, its progress shown at `step`; once all of it has gone, at `sentStep`: the
   * sandbox reads a file as it arrives, so what has gone is what it has read.
   */
  const send = (
    file: File,
    step: 'checking' | 'importing',
    go: (file: File, watch: UploadWatch) => Promise<StoreCounts>,
    sentStep: 'checking' | 'importing' | 'replacing' = step,
  ): Promise<StoreCounts> => {
    set({ importing: { step, file, progress: { done: 0, total: file.size, cancelling: false } } });
    stopUpload = new AbortController();
    return go(file, {
      signal: stopUpload.signal,
      sent(bytes) {
        const now = get().importing;
        if (now === null || now.step === 'asking') return;
        set({
          importing: {
            ...now,
            step: bytes >= file.size ? sentStep : now.step,
            progress: { ...now.progress, done: bytes },
          },
        });
      },
    });
  };

  return {
    serverInfo: null,
    dataBusy: null,
    importing: null,
    importProblem: null,

    async loadServerInfo() {
      try {
        set({ serverInfo: await consoleClient.getServerInfo() });
      } catch (error) {
        get().pushToast('error', `Could not read the server's details: ${messageOf(error)}`);
      }
    },

    exportStore: () =>
      run(
        'export',
        async () => {
          const { blob, filename } = await consoleClient.exportStore();
          saveDownload(blob, filename);
          return `Exported the store as ${filename}.`;
        },
        'Could not export',
      ),

    async checkImport(file) {
      if (get().dataBusy) return;
      set({ dataBusy: 'import', importProblem: null });
      try {
        const holds = await send(file, 'checking', consoleClient.checkImport);
        set({ importing: { step: 'asking', file, holds } });
      } catch (error) {
        set({ importing: null, dataBusy: null });
        if (error instanceof UploadCancelled) get().pushToast('info', `Stopped checking ${file.name}.`);
        else set({ importProblem: { file: file.name, message: messageOf(error) } });
      }
    },

    async confirmImport() {
      const asked = get().importing;
      if (asked?.step !== 'asking') return;
      const { file } = asked;
      try {
        const counts = await send(file, 'importing', consoleClient.importStore, 'replacing');
        get().pushToast('success', `Imported ${file.name}: ${describeCounts(counts)}.`);
      } catch (error) {
        if (error instanceof UploadCancelled)
          get().pushToast('info', `Import of ${file.name} cancelled: nothing was imported.`);
        else get().pushToast('error', `Could not import ${file.name}: ${messageOf(error)}`);
      } finally {
        set({ importing: null, dataBusy: null });
      }
    },

    cancelImport() {
      const now = get().importing;
      if (now?.step !== 'checking' && now?.step !== 'importing') return;
      set({ importing: { ...now, progress: { ...now.progress, cancelling: true } } });
      stopUpload?.abort();
    },

    declineImport() {
      if (get().importing?.step === 'asking') set({ importing: null, dataBusy: null });
    },

    resetStore: (options) =>
      run(
        'reset',
        async () => {
          const counts = await consoleClient.resetStore(options);
          return `The store is reset: ${describeCounts(counts)} left.`;
        },
        'Could not reset',
      ),

    reloadAfterReplace() {
      const state = get();
      state.inspectDelivery(null);
      state.openLinkDetail(null);
      void state.loadSettings();
      void state.loadServerInfo();
      void state.loadLinks();
      void state.loadEndpoints();
      void state.loadDeliveries();
      void state.loadQueue();
      void state.loadRequests();
      // An import may bring its own clock.
      void state.loadClock();
      state.clearSelection();
    },
  };
};
