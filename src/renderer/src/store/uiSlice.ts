// Which screen is open (and which history the Webhooks screen shows), the colour theme, and
// whether the live feed is connected.
import type { StateCreator } from 'zustand';
import type { Screen } from '../lib/screens';
import type { ConsoleState } from './consoleStore';

export type { Screen } from '../lib/screens';
export type ThemeChoice = 'system' | 'light' | 'dark';
export type Connection = 'connecting' | 'live' | 'offline';

export type WebhooksView = 'deliveries' | 'events';

export interface UiSlice {
  screen: Screen;
  webhooksView: WebhooksView;
  theme: ThemeChoice;
  connection: Connection;
  setScreen(screen: Screen): void;
  setWebhooksView(view: WebhooksView): void;
  setTheme(theme: ThemeChoice): void;
  setConnection(connection: Connection): void;
}

const THEME_KEY = 'console.theme';

function savedTheme(): ThemeChoice {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

export const createUiSlice: StateCreator<ConsoleState, [], [], UiSlice> = (set) => ({
  screen: 'links',
  theme: savedTheme(),
  connection: 'connecting',
  webhooksView: 'deliveries',
  setScreen: (screen) => set({ screen }),
  setWebhooksView: (webhooksView) => set({ webhooksView }),
  setTheme(theme) {
    try {
      if (theme === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, theme);
    } catch {
      // Storage may be unavailable; the choice then lasts until the window closes.
    }
    set({ theme });
  },
  setConnection: (connection) => set({ connection }),
});
