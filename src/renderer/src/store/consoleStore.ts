// The console's one store, made of slices; components read it, only slices call the client.
import { create } from 'zustand';
import { createDataFolderSlice, type DataFolderSlice } from './dataFolderSlice';
import { createLinksSlice, type LinksSlice } from './linksSlice';
import { createRequestsSlice, type RequestsSlice } from './requestsSlice';
import { createSettingsSlice, type SettingsSlice } from './settingsSlice';
import { createToastsSlice, type ToastsSlice } from './toastsSlice';
import { createUiSlice, type UiSlice } from './uiSlice';
import { createWebhooksSlice, type WebhooksSlice } from './webhooksSlice';

export type ConsoleState = LinksSlice &
  RequestsSlice &
  SettingsSlice &
  ToastsSlice &
  UiSlice &
  WebhooksSlice &
  DataFolderSlice;

export const useConsoleStore = create<ConsoleState>()((...args) => ({
  ...createLinksSlice(...args),
  ...createRequestsSlice(...args),
  ...createSettingsSlice(...args),
  ...createToastsSlice(...args),
  ...createUiSlice(...args),
  ...createWebhooksSlice(...args),
  ...createDataFolderSlice(...args),
}));
