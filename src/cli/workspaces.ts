import type { ResetCounts } from '../shared/dataFolder';
import type { Pagination } from '../shared/types';
import { isWorkspaceName, WORKSPACE_KEY_PREFIX, WORKSPACE_NAME_WORDS } from '../shared/workspaceKey';
import type { WorkspaceSummary } from '../shared/workspaces';
import { removedLine } from './reset';
import { CommandFailure, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

export const WORKSPACES_USAGE = `Usage: payment-links-sandbox workspaces list
       payment-links-sandbox workspaces delete NAME

A key ${WORKSPACE_KEY_PREFIX}<name> has a sandbox of its own, a workspace (docs/contract.md §15).
list prints every workspace the running sandbox has made, the one changed last first, with its
links and when it last changed (GET /sandbox/workspaces). delete removes workspace NAME with
everything in it (DELETE /sandbox/workspace with its key) and prints what it held; delete default
resets the sandbox instead, as reset does.

Options:
${targetOptions()}`;

/** "alpha  12 links  changed 2026-11-28T14:50:01.000Z", one line a workspace. */
function listLine(row: WorkspaceSummary, width: number): string {
  const links = `${row.links} link${row.links === 1 ? '' : 's'}`;
  return `${row.name.padEnd(width)}  ${links.padStart(12)}  ${row.changed_at ? `changed ${row.changed_at}` : 'unchanged since the start'}`;
}

async function list(sandbox: SandboxClient): Promise<void> {
  const rows: WorkspaceSummary[] = [];
  for (let page = 1; ; page++) {
    const answer = await sandbox.call<{ data: WorkspaceSummary[]; pagination: Pagination }>(
      'GET',
      `/sandbox/workspaces?per_page=1000&page=${page}`,
    );
    rows.push(...answer.data);
    if (page >= answer.pagination.last_page) break;
  }
  const width = Math.max(...rows.map((row) => row.name.length));
  for (const row of rows) console.log(listLine(row, width));
}

async function remove(sandbox: SandboxClient, name: string): Promise<void> {
  if (!isWorkspaceName(name))
    throw new CommandFailure(`a workspace name is ${WORKSPACE_NAME_WORDS}; got "${name}"`, 2);
  const own = sandbox.withKey(`${WORKSPACE_KEY_PREFIX}${name}`);
  const { data } = await own.call<{ data: ResetCounts }>('DELETE', '/sandbox/workspace');
  console.log(`Workspace ${name.toLowerCase()}: ${removedLine(data)}`);
}

/** `workspaces list` and `workspaces delete NAME`. Exit 0 done, 1 refused or unreachable, 2 bad usage. */
export const workspaces = targetCommand(
  'workspaces',
  WORKSPACES_USAGE,
  {},
  async ({ values, positionals }) => {
    const [action, name, ...extra] = positionals;
    if (action === 'list' && name === undefined) await list(SandboxClient.from(values));
    else if (action === 'delete' && name !== undefined && extra.length === 0)
      await remove(SandboxClient.from(values), name);
    else throw new CommandFailure('give "list", or "delete NAME" (see --help)', 2);
    return 0;
  },
);
