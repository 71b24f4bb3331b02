import { contextBridge, ipcRenderer } from 'electron';
import { DESKTOP_CHANNELS, type DesktopBridge } from '../shared/desktopBridge';

// The console runs sandboxed; this is the whole of what it may ask of the desktop.
const bridge: DesktopBridge = {
  appVersion: process.env.npm_package_version ?? '',
  openExternal: (url) => ipcRenderer.invoke(DESKTOP_CHANNELS.openExternal, url),
  revealDataFolder: () => ipcRenderer.invoke(DESKTOP_CHANNELS.revealDataFolder),
};

contextBridge.exposeInMainWorld('sandboxDesktop', bridge);
