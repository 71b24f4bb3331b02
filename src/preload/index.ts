import { contextBridge, ipcRenderer } from 'electron';
import { DESKTOP_CHANNELS, VERSION_ARG, type DesktopBridge } from '../shared/desktopBridge';

// The console runs sandboxed; this is the whole of what it may ask of the desktop.
const versionArg = process.argv.find((arg) => arg.startsWith(VERSION_ARG));

const bridge: DesktopBridge = {
  appVersion: versionArg ? versionArg.slice(VERSION_ARG.length) : '',
  openExternal: (url) => ipcRenderer.invoke(DESKTOP_CHANNELS.openExternal, url),
  revealDataFolder: () => ipcRenderer.invoke(DESKTOP_CHANNELS.revealDataFolder),
};

contextBridge.exposeInMainWorld('sandboxDesktop', bridge);
