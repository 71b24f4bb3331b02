// What the server runs with, and the data folder's export, import and reset. After an import or
// a reset (here or in another window) every slice reloads: the store behind them is new.
import type { StateCreator } from 'zustand';
import type { ResetOptions, ServerInfo } from '../../../shared/dataFolder';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import { saveDownload } from '../lib/saveDownload';
import { describeCounts } from '../lib/storeCounts';
import type { ConsoleState } from './consoleStore';

export type DataAction = 'export' | 'import' | 'reset';

export interface DataFolderSlice {
  serverInfo: ServerInfo | null;
  dataBusy: DataAction | null;
  loadServerInfo(): Promise<void>;
  exportStore(): Promise<void>;
  importStore(file: File): Promise<void>;
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

  return {
    serverInfo: null,
    dataBusy: null,

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

    importStore: (file) =>
      run(
        'import',
        async () => {
          const counts = await consoleClient.importStore(file);
          return `Imported ${file.name}: ${describeCounts(counts)}.`;
        },
        `Could not import ${file.name}`,
      ),

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
