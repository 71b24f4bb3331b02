export { startSandbox, StartError, type RunningSandbox, type StartOptions } from './startSandbox';
export { SandboxCore, type CoreOptions } from './sandboxCore';
export { createApp, type AppOptions } from './http/createApp';
export { StoreFileError } from './store/storeErrors';
export { formatRequestLine } from './http/requestLog';
export { defaultDataDir } from './defaultDataDir';
export { nextFreePort } from './freePort';
