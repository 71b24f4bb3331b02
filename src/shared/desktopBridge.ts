/** What the preload script exposes to the console as window.sandboxDesktop (desktop only). */
export interface DesktopBridge {
  appVersion: string;
  openExternal(url: string): Promise<void>;
  revealDataFolder(): Promise<void>;
}

export const DESKTOP_CHANNELS = {
  openExternal: 'desktop:open-external',
  revealDataFolder: 'desktop:reveal-data-folder',
} as const;

/** Main hands the app version to the sandboxed preload as a command-line switch. */
export const VERSION_ARG = '--payment-links-sandbox-version=';
