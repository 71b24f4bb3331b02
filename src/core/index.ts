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
} from './testing/testSandbox';
export { connectTestSandbox, type OpenWorkspace } from './testing/connectTestSandbox';
export type {
  TestWorkspace,
  TestWorkspaceOptions,
  TestWorkspaceWithEndpoint,
  ConnectTestSandboxOptions,
} from './testing/testWorkspace';
export type { TestClient } from './testing/testClient';
export type { ReceivedWebhook, WebhookMatch } from './testing/receivedWebhooks';
export type { AppDelivery, DeliveryWait } from './testing/deliveryWait';
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
