// The sandbox's settings, for the currency every amount is shown in.
import type { StateCreator } from 'zustand';
import type { Settings } from '../../../shared/types';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { ConsoleState } from './consoleStore';

export interface SettingsSlice {
  settings: Settings | null;
  loadSettings(): Promise<void>;
  setSettings(settings: Settings): void;
}

export const createSettingsSlice: StateCreator<ConsoleState, [], [], SettingsSlice> = (set, get) => ({
  settings: null,
  async loadSettings() {
    try {
      set({ settings: await consoleClient.getSettings() });
    } catch (error) {
      get().pushToast('error', `Could not load the settings: ${messageOf(error)}`);
    }
  },
  setSettings: (settings) => set({ settings }),
});

/** The currency amounts are in; IDR until the settings arrive. */
export const selectCurrency = (state: ConsoleState): string => state.settings?.currency ?? 'IDR';
