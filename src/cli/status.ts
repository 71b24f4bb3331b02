import type { ClockView } from '../shared/types';
import { DELIVERY_STATUSES } from '../shared/types';
import type { WorkspaceView } from '../shared/workspaces';
import { printLines } from './printLines';
import { noArguments, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

export const STATUS_USAGE = `Usage: payment-links-sandbox status [--json] [--base-url URL] [--api-key KEY]

Says whether the sandbox at --base-url is up, and its version, the workspace --api-key names, and
that workspace's clock, links, webhook endpoints and deliveries by status. Exits 1 when it cannot be
reached.

Options:
${targetOptions([['--json', 'print it as one JSON document instead (docs/cli.md shows its fields)']])}`;

type Counted = { pagination: { total: number } };

/** `status`: is the sandbox there, and what does it hold. */
export const status = targetCommand(
  'status',
  STATUS_USAGE,
  { json: { type: 'boolean' } },
  async ({ values, positionals }) => {
    noArguments(positionals);
    const sandbox = SandboxClient.from(values);
    const { data: clock } = await sandbox.call<{ data: ClockView }>('GET', '/sandbox/clock');
    const { data: workspace } = await sandbox.call<{ data: WorkspaceView }>('GET', '/sandbox/workspace');
    // The API reference names the version, and needs no key: the one route here outside /sandbox.
    const { info } = await sandbox.call<{ info: { version: string; 'x-sandbox-version'?: string } }>(
      'GET',
      '/openapi.json',
    );
    const [links, endpoints, ...deliveries] = await Promise.all([
      sandbox.call<Counted>('GET', '/payment-links?per_page=1'),
      sandbox.call<{ data: unknown[] }>('GET', '/sandbox/endpoints'),
      ...DELIVERY_STATUSES.map((s) =>
        sandbox.call<Counted>('GET', `/sandbox/deliveries?status=${s}&per_page=1`),
      ),
    ]);
    const counts = Object.fromEntries(
      DELIVERY_STATUSES.map((s, i) => [s, (deliveries[i] as Counted).pagination.total]),
    );
    if (values.json) {
      // One document, the same facts as the lines: what a script waiting for the sandbox reads.
      await printLines([
        JSON.stringify(
          {
            base_url: sandbox.baseUrl,
            version: info['x-sandbox-version'] ?? null,
            api_version: info.version,
            workspace: { name: workspace.name, made: workspace.made },
            clock,
            payment_links: links.pagination.total,
            webhook_endpoints: endpoints.data.length,
            deliveries: counts,
          },
          null,
          2,
        ),
      ]);
      return 0;
    }
    const ahead = clock.offset_seconds >= 1 ? `, ${Math.round(clock.offset_seconds)} s ahead` : '';
    console.log(
      `Sandbox at ${sandbox.baseUrl}: up, version ${info['x-sandbox-version'] ?? 'unknown'} (API ${info.version})`,
    );
    console.log(
      `Workspace: ${workspace.name}${workspace.made ? '' : ' (not made yet: the first write with this key makes it)'}`,
    );
    console.log(`Clock: ${clock.now} (${clock.frozen ? 'frozen' : 'running'}${ahead})`);
    console.log(`Payment links: ${links.pagination.total}`);
    console.log(`Webhook endpoints: ${endpoints.data.length}`);
    console.log(`Deliveries: ${DELIVERY_STATUSES.map((s) => `${counts[s]} ${s}`).join(', ')}`);
    return 0;
  },
);
