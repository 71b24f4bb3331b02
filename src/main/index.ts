import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, shell } from 'electron';
import { startSandbox, StartError, type RunningSandbox } from '../core';
import { APP_NAME } from '../core/defaultDataDir';
import { keepHeapNearLiveData } from '../core/heapGrowth';
import { DESKTOP_CHANNELS, VERSION_ARG } from '../shared/desktopBridge';
import { offerNextFreePort } from './portChoice';

app.setName(APP_NAME);
const dataDir = join(app.getPath('userData'), 'data');
let sandbox: RunningSandbox | null = null;
let window: BrowserWindow | null = null;

const isHttp = (url: string): boolean => /^https?:\/\//i.test(url);

function openWindow(origin: string): void {
  window = new BrowserWindow({
    width: 1280,
    height: 820,
    title: APP_NAME,
    webPreferences: {
      preload: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      additionalArguments: [`${VERSION_ARG}${app.getVersion()}`],
    },
  });
  // Only the console's own origin loads in the window; anything else goes to the system browser.
  window.webContents.on('will-navigate', (event, url) => {
    if (new URL(url).origin !== origin) {
      event.preventDefault();
      if (isHttp(url)) void shell.openExternal(url);
    }
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isHttp(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  void window.loadURL(`${origin}/`);
}

async function main(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (window?.isMinimized()) window.restore();
    window?.focus();
  });
  await app.whenReady();
  ipcMain.handle(DESKTOP_CHANNELS.openExternal, (_e, url: string) =>
    isHttp(url) ? shell.openExternal(url) : undefined,
  );
  ipcMain.handle(DESKTOP_CHANNELS.revealDataFolder, () => shell.openPath(dataDir));
  keepHeapNearLiveData(dataDir);
  // Without PORT the store's preferred port (Settings), else 4545; a taken one may move on.
  let port = process.env.PORT ? Number(process.env.PORT) : undefined;
  for (;;) {
    try {
      sandbox = await startSandbox({
        dataDir,
        port,
        consoleDir: fileURLToPath(new URL('../renderer', import.meta.url)),
      });
      break;
    } catch (err) {
      const next = await offerNextFreePort(err);
      if (next !== null) {
        port = next;
        continue;
      }
      if (!(err instanceof StartError && err.portInUse))
        dialog.showErrorBox(APP_NAME, (err as Error).message);
      app.exit(1);
      return;
    }
  }
  openWindow(sandbox.origin);
}

let quitting = false;
app.on('before-quit', (event) => {
  if (quitting || !sandbox) return;
  // Hold the quit until the store is flushed.
  event.preventDefault();
  quitting = true;
  void sandbox.close().finally(() => app.quit());
});
app.on('window-all-closed', () => app.quit());

void main();
