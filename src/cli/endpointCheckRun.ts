// Where `check-endpoint` runs its check: a sandbox core of its own in this process (nothing listens,
// nothing is stored), or the running sandbox at --base-url through its keyed routes
// (docs/contract.md §14). Either way the same engine runs the same probes (docs/endpoint-check.md).
import { SandboxCore } from '../core/sandboxCore';
import type { EndpointCheck, EndpointCheckStart } from '../shared/endpointCheck';
import { CommandFailure, type SandboxClient } from './sandboxClient';

/**
 * How long one read waits for the check to finish (GET …?wait=): the command prints the probes
 * finished so far at least this often, and the report the moment the check is done.
 */
const WAIT_SECONDS = 1;

interface CheckSource {
  start(input: EndpointCheckStart): Promise<EndpointCheck>;
  /** The check once done, or as it is after WAIT_SECONDS. */
  read(id: string): Promise<EndpointCheck>;
  close(): Promise<void>;
}

async function ownCore(): Promise<CheckSource> {
  const core = await SandboxCore.open({});
  return {
    start: async (input) => core.endpointChecks.start(input),
    read: (id) => core.endpointChecks.whenDone(id, WAIT_SECONDS * 1000),
    close: () => core.close(),
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
    read: async (id) =>
      (
        await sandbox.call<{ data: EndpointCheck }>(
          'GET',
          `/sandbox/endpoint-checks/${id}?wait=${WAIT_SECONDS}`,
        )
      ).data,
    close: async () => {},
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
      check = await source.read(check.id);
    }
  } finally {
    await source.close();
  }
}
