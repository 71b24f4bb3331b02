// The console's one store, made of slices; components read it, only slices call the client.
import { create, type StateCreator } from 'zustand';
import { createClockSlice, type ClockSlice } from './clockSlice';
import { createCompareSlice, type CompareSlice } from './compareSlice';
import { createDataFolderSlice, type DataFolderSlice } from './dataFolderSlice';
import { createDeliveriesSlice, type DeliveriesSlice } from './deliveriesSlice';
import { createDeliveryRecordsSlice, type DeliveryRecordsSlice } from './deliveryRecordsSlice';
import { createEndpointChecksSlice, type EndpointChecksSlice } from './endpointChecksSlice';
import { createEndpointsSlice, type EndpointsSlice } from './endpointsSlice';
import { createInboxSlice, type InboxSlice } from './inboxSlice';
import { createWebhookEventsSlice, type WebhookEventsSlice } from './webhookEventsSlice';
import { createFaultsSlice, type FaultsSlice } from './faultsSlice';
import { createInspectorSlice, type InspectorSlice } from './inspectorSlice';
import { createLinkDetailSlice, type LinkDetailSlice } from './linkDetailSlice';
import { createLinksSlice, type LinksSlice } from './linksSlice';
import { createQueueSlice, type QueueSlice } from './queueSlice';
import { createSelectionSlice, type SelectionSlice } from './selectionSlice';
import { createRequestsSlice, type RequestsSlice } from './requestsSlice';
import { createScenarioExportSlice, type ScenarioExportSlice } from './scenarioExportSlice';
import { createSamplesSlice, type SamplesSlice } from './samplesSlice';
import { createSettingsSlice, type SettingsSlice } from './settingsSlice';
import { createToastsSlice, type ToastsSlice } from './toastsSlice';
import { createUiSlice, type UiSlice } from './uiSlice';
import { createWorkspacesSlice, type WorkspacesSlice } from './workspacesSlice';

export type ConsoleState = LinkDetailSlice &
  LinksSlice &
  RequestsSlice &
  ScenarioExportSlice &
  SettingsSlice &
  ToastsSlice &
  UiSlice &
  EndpointsSlice &
  EndpointChecksSlice &
  DeliveriesSlice &
  DeliveryRecordsSlice &
  QueueSlice &
  InspectorSlice &
  DataFolderSlice &
  InboxSlice &
  WebhookEventsSlice &
  FaultsSlice &
  ClockSlice &
  SelectionSlice &
  SamplesSlice &
  WorkspacesSlice &
  CompareSlice;

const consoleSlices: StateCreator<ConsoleState> = (...args) => ({
  ...createLinkDetailSlice(...args),
  ...createLinksSlice(...args),
  ...createRequestsSlice(...args),
  ...createScenarioExportSlice(...args),
  ...createSettingsSlice(...args),
  ...createToastsSlice(...args),
  ...createUiSlice(...args),
  ...createEndpointsSlice(...args),
  ...createEndpointChecksSlice(...args),
  ...createDeliveriesSlice(...args),
  ...createDeliveryRecordsSlice(...args),
  ...createQueueSlice(...args),
  ...createInspectorSlice(...args),
  ...createDataFolderSlice(...args),
  ...createInboxSlice(...args),
  ...createWebhookEventsSlice(...args),
  ...createFaultsSlice(...args),
  ...createClockSlice(...args),
  ...createSelectionSlice(...args),
  ...createSamplesSlice(...args),
  ...createWorkspacesSlice(...args),
  ...createCompareSlice(...args),
});

/** A store of its own: the console keeps one, and a test of the slices makes one a case. */
export const createConsoleStore = () => create<ConsoleState>()(consoleSlices);

export const useConsoleStore = createConsoleStore();
