import type { ResetCounts } from '../shared/dataFolder';
import { noArguments, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

export const RESET_USAGE = `Usage: payment-links-sandbox reset [--base-url URL] [--api-key KEY]

Resets a running sandbox between tests (POST /sandbox/reset): removes its links, webhook
deliveries and events, idempotency records, request log and inbox messages, brings its clock
home, and applies its configuration file again. Prints what was removed.

Options:
${targetOptions()}`;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "Removed 3 links, 1 webhook event, …": what POST /sandbox/reset answered. */
export function removedLine(counts: ResetCounts): string {
  return `Removed ${[
    plural(counts.links, 'link'),
    plural(counts.events, 'webhook event'),
    plural(counts.deliveries, 'delivery', 'deliveries'),
    plural(counts.idempotency_records, 'idempotency record'),
    plural(counts.requests, 'logged request'),
    plural(counts.inbox_messages, 'inbox message'),
  ].join(', ')}.`;
}

/** `payment-links-sandbox reset`. Exit 0 done, 1 the sandbox refused or cannot be reached, 2 bad usage. */
export const reset = targetCommand('reset', RESET_USAGE, {}, async ({ values, positionals }) => {
  noArguments(positionals);
  const sandbox = SandboxClient.from(values);
  const { data } = await sandbox.call<{ data: ResetCounts }>('POST', '/sandbox/reset');
  console.log(removedLine(data));
  return 0;
});
