// Every workspace of the sandbox (docs/contract.md §15), for the sidebar's picker: loaded when the
// picker opens and again while it stays open, since other workspaces send this console no events.
import type { StateCreator } from 'zustand';
import type { WorkspaceSummary } from '../../../shared/workspaces';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export interface WorkspacesState {
  rows: WorkspaceSummary[];
  phase: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
}

export interface WorkspacesSlice {
  workspaces: WorkspacesState;
  loadWorkspaces(): Promise<void>;
}

export const createWorkspacesSlice: StateCreator<ConsoleState, [], [], WorkspacesSlice> = (set, get) => ({
  workspaces: { rows: [], phase: 'idle', error: null },
  async loadWorkspaces() {
    if (get().workspaces.phase === 'idle')
      set((state) => ({ workspaces: { ...state.workspaces, phase: 'loading' } }));
    try {
      const rows = await consoleClient.listWorkspaces();
      set({ workspaces: { rows, phase: 'ready', error: null } });
    } catch (error) {
      set((state) => ({ workspaces: { ...state.workspaces, phase: 'error', error: messageOf(error) } }));
    }
  },
});
