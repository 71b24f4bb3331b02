// Where `check-endpoint` runs its check: a sandbox core of its own in this process (nothing listens,
// nothing is stored), or the running sandbox at --base-url through its keyed routes
// (docs/contract.md §14). Either way the same engine runs the same probes (docs/endpoint-check.md).
import { SandboxCore } from '../core/sandboxCore';
import type { EndpointCheck, EndpointCheckStart } from '../shared/endpointCheck';
import { CommandFailure, type SandboxClient } from './sandboxClient';

/** How often a running check is read: a probe takes milliseconds against a quick receiver. */
const POLL_MS = { own: 25, remote: 200 };

interface CheckSource {
  start(input: EndpointCheckStart): Promise<EndpointCheck>;
  get(id: string): Promise<EndpointCheck>;
  close(): Promise<void>;
  pollMs: number;
}

async function ownCore(): Promise<CheckSource> {
  const core = await SandboxCore.open({});
  return {
    start: async (input) => core.endpointChecks.start(input),
    get: async (id) => core.endpointChecks.get(id),
    close: () => core.close(),
    pollMs: POLL_MS.own,
  };
}

function runningSandbox(sandbox: SandboxClient): CheckSource {
  return {
    start: async (input) => {
      try {
        return (await sandbox.call<{ data: EndpointCheck }>('POST', '/sandbox/endpoint-checks', input)).data;
      } catch (err) {
        // A 400 names a field the command was given (a link not pending, a state URL with no
        // placeholder): bad input, as the command's own checks would say.
        if (err instanceof CommandFailure && err.status === 400) throw new CommandFailure(err.message, 2);
        throw err;
      }
    },
    get: async (id) =>
      (await sandbox.call<{ data: EndpointCheck }>('GET', `/sandbox/endpoint-checks/${id}`)).data,
    close: async () => {},
    pollMs: POLL_MS.remote,
  };
}

/**
 * Runs a check to its end; `onProbeDone` hears each probe once it has its verdict, in order, so
 * the command can print as the check goes rather than after the slowest probe.
 */
export async function runEndpointCheck(
  input: EndpointCheckStart,
  sandbox: SandboxClient | undefined,
  onProbeDone: (probe: EndpointCheck['probes'][number]) => void,
): Promise<EndpointCheck> {
  const source = sandbox ? runningSandbox(sandbox) : await ownCore();
  try {
    let check = await source.start(input);
    let told = 0;
    for (;;) {
      for (; told < check.probes.length; told++) {
        const probe = check.probes[told] as EndpointCheck['probes'][number];
        if (probe.status === 'pending' || probe.status === 'running') break;
        onProbeDone(probe);
      }
      if (check.status === 'done') return check;
      await new Promise((resolve) => setTimeout(resolve, source.pollMs));
      check = await source.get(check.id);
    }
  } finally {
    await source.close();
  }
}
