// The two ways to a workspace client (docs/testing-your-app.md, "One workspace per worker"):
// connectTestSandbox() on a sandbox running elsewhere, and sandbox.workspace(name) on a test
// sandbox of this process. Both open the same client (testWorkspace.ts).
import {
  openTestWorkspace,
  type ConnectTestSandboxOptions,
  type TestWorkspace,
  type TestWorkspaceOptions,
  type TestWorkspaceWithEndpoint,
} from './testWorkspace';

/**
 * A client bound to one workspace of a sandbox that is already running (a container, `npm start`),
 * reached over HTTP alone: see TestWorkspace. close() it when done.
 */
export function connectTestSandbox(
  options: ConnectTestSandboxOptions & { webhookUrl: string },
): Promise<TestWorkspaceWithEndpoint>;
export function connectTestSandbox(options: ConnectTestSandboxOptions): Promise<TestWorkspace>;
export async function connectTestSandbox(options: ConnectTestSandboxOptions): Promise<TestWorkspace> {
  if (typeof options !== 'object' || options === null)
    throw new Error(
      'connectTestSandbox takes { baseUrl, workspace }, as { baseUrl: "http://127.0.0.1:4545", workspace: "worker_1" }.',
    );
  return openTestWorkspace('connectTestSandbox', options, 'connect with connectTestSandbox({ webhookUrl })');
}

/** A test sandbox's workspace(name, options?). */
export interface OpenWorkspace {
  (name: string, options: TestWorkspaceOptions & { webhookUrl: string }): Promise<TestWorkspaceWithEndpoint>;
  (name: string, options?: TestWorkspaceOptions): Promise<TestWorkspace>;
}

/**
 * workspace(name) for the test sandbox at `origin`: one client per name at a time (a second would
 * empty the first's workspace), every one stopped once `closed` aborts with the sandbox.
 */
export function workspaceOpener(origin: string, closed: AbortSignal): OpenWorkspace {
  const open = new Set<string>();
  const opener = async (name: string, options: TestWorkspaceOptions = {}): Promise<TestWorkspace> => {
    if (closed.aborted) throw new Error('sandbox.workspace: the test sandbox is closed.');
    const taken = typeof name === 'string' ? name.toLowerCase() : name;
    if (open.has(taken))
      throw new Error(
        `sandbox.workspace: "${taken}" is open already in this test sandbox; give each worker a name of its own, or close() the other client first.`,
      );
    open.add(taken);
    try {
      const client = await openTestWorkspace(
        'sandbox.workspace',
        { ...options, baseUrl: origin, workspace: name },
        'open it with sandbox.workspace(name, { webhookUrl })',
        closed,
      );
      return {
        ...client,
        close: (closeOptions) => client.close(closeOptions).finally(() => open.delete(taken)),
      };
    } catch (err) {
      open.delete(taken);
      throw err;
    }
  };
  return opener as OpenWorkspace;
}
