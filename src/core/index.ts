export { startSandbox, StartError, type RunningSandbox, type StartOptions } from './startSandbox';
export { SandboxCore, type CoreOptions } from './sandboxCore';
export { createApp, type AppOptions } from './http/createApp';
export { StoreFileError } from './store/storeErrors';
export { formatRequestLine } from './http/requestLog';
export { defaultDataDir } from './defaultDataDir';
export { checkoutOriginNotice } from './checkoutOrigin';
export { nextFreePort } from './freePort';
export {
  startTestSandbox,
  type TestSandbox,
  type TestSandboxOptions,
  type TestSandboxWithEndpoint,
  type ReceivedWebhook,
  type WebhookMatch,
} from './testing/testSandbox';
export type { AppDelivery, DeliveryWait } from './testing/appEndpoint';
export type { CheckEndpointOptions } from './testing/checkEndpoint';
export type { EndpointCheck, EndpointCheckProbe } from '../shared/endpointCheck';
export type { EndpointFaults } from '../shared/faults';
export type { WebhookEndpoint } from '../shared/types';
export { runScenario, type ScenarioResult, type StepResult } from './scenarios/runScenario';
export { parseScenario, ScenarioFileError } from './scenarios/scenarioFile';
export {
  readConfiguration,
  checkConfiguration,
  ConfigurationError,
  type Configuration,
} from './configuration/readConfiguration';
