// The sandbox's settings: the currency every amount is shown in, and the Settings screen's saves.
import type { StateCreator } from 'zustand';
import type { Settings } from '../../../shared/types';
import { consoleClient } from '../api/consoleClient';
import { messageOf } from '../lib/errorMessage';
import type { SettingsDraft } from '../lib/settingsDraft';
import type { ConsoleState } from './consoleStore';

export interface SettingsSlice {
  settings: Settings | null;
  /** Edits not saved yet, kept while the tester visits other screens; null when there are none. */
  settingsDraft: SettingsDraft | null;
  keepSettingsDraft(draft: SettingsDraft | null): void;
  loadSettings(): Promise<void>;
  setSettings(settings: Settings): void;
  /** Throws the API's error, so the form can show it beside its field. */
  saveSettings(patch: object): Promise<Settings>;
}

export const createSettingsSlice: StateCreator<ConsoleState, [], [], SettingsSlice> = (set, get) => ({
  settings: null,
  settingsDraft: null,
  keepSettingsDraft: (settingsDraft) => set({ settingsDraft }),
  async loadSettings() {
    try {
      set({ settings: await consoleClient.getSettings() });
    } catch (error) {
      get().pushToast('error', `Could not load the settings: ${messageOf(error)}`);
    }
  },
  setSettings: (settings) => set({ settings }),
  async saveSettings(patch) {
    const settings = await consoleClient.updateSettings(patch);
    set({ settings });
    return settings;
  },
});

/** The currency amounts are in; IDR until the settings arrive. */
export const selectCurrency = (state: ConsoleState): string => state.settings?.currency ?? 'IDR';
