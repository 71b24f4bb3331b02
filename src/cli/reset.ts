import { parseArgs } from 'node:util';
import type { ResetCounts } from '../shared/dataFolder';
import { UsageError } from './options';
import { callSandbox, SandboxUnreachable, TARGET_OPTIONS, TARGET_USAGE, targetOf } from './sandboxClient';

export const RESET_USAGE = `Usage: payment-links-sandbox reset [--base-url URL] [--api-key KEY]

Resets a running sandbox between tests (POST /sandbox/reset): removes its links, webhook
deliveries and events, idempotency records, request log and inbox messages, brings its clock
home, and applies its configuration file again. Prints what was removed.

Options:
${TARGET_USAGE}
  --help           show this help`;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "Removed 3 links, 1 webhook event, …": what POST /sandbox/reset answered. */
function removedLine(counts: ResetCounts): string {
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
export async function reset(argv: string[]): Promise<number> {
  let target;
  try {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { ...TARGET_OPTIONS, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) {
      console.log(RESET_USAGE);
      return 0;
    }
    target = targetOf(values);
  } catch (err) {
    const message = err instanceof UsageError ? err.message : (err as Error).message.split('\n')[0];
    console.error(`payment-links-sandbox reset: ${message} (see --help)`);
    return 2;
  }
  try {
    const answer = await callSandbox(target, 'POST', '/sandbox/reset');
    if (answer.status !== 200) {
      const error = answer.body?.error;
      console.error(
        `payment-links-sandbox reset: ${target.baseUrl} answered ${answer.status}${error ? ` ${error.code}: ${error.message}` : ''}`,
      );
      return 1;
    }
    console.log(removedLine(answer.body?.data as ResetCounts));
    return 0;
  } catch (err) {
    if (!(err instanceof SandboxUnreachable)) throw err;
    console.error(`payment-links-sandbox reset: ${err.message}`);
    return 1;
  }
}
