import { join } from 'node:path';
import {
  checkoutOriginNotice,
  formatRequestLine,
  startSandbox,
  StartError,
  StoreFileError,
  type RunningSandbox,
} from '../core';
import { ConfigurationError } from '../core/configuration/readConfiguration';
import { keepHeapNearLiveData } from '../core/heapGrowth';
import { PACKAGE_ROOT } from '../core/packageRoot';
import { deliveryLogger } from './deliveryLog';
import { formatDuration } from '../shared/durations';
import type { ClockView } from '../shared/types';
import { parseServeArgs, USAGE } from './options';
import { UsageError } from './usageError';
import { onStopRequest } from './stopRequests';
import { watchStdoutReader } from './printLines';

const CONSOLE_DIR = join(PACKAGE_ROOT, 'out', 'renderer');
const SHUTDOWN_GRACE_MS = 1500;

/** `payment-links-sandbox serve`: the core, headless, logging to stdout. Returns the exit code. */
export async function serve(argv: string[]): Promise<number> {
  let command;
  try {
    command = parseServeArgs(argv);
  } catch (err) {
    if (err instanceof UsageError || err instanceof ConfigurationError) {
      console.error(`payment-links-sandbox: ${err.message}`);
      return 2;
    }
    throw err;
  }
  if (command.help) {
    console.log(USAGE);
    return 0;
  }
  // Listen for stop requests before starting, so a supervisor that stops us the moment we print our
  // first line still gets a clean shutdown (the stop waits for the start to finish). A stdin pipe
  // that ends, or a stdout whose reader has gone (a write failed with EPIPE), stops us the same
  // way: whoever started us has gone, and the store is flushed and its lock let go as on Ctrl-C.
  let signalled = (): void => undefined;
  const signal = new Promise<void>((resolve) => (signalled = resolve));
  onStopRequest(() => signalled());
  watchStdoutReader().onGone(() => signalled());

  keepHeapNearLiveData(command.start.dataDir);
  let sandbox: RunningSandbox;
  try {
    // --quiet silences stdout only: the console's Requests screen still gets the log.
    sandbox = await startSandbox({ ...command.start, consoleDir: CONSOLE_DIR });
  } catch (err) {
    if (err instanceof StartError || err instanceof StoreFileError) {
      console.error(`payment-links-sandbox: ${err.message}`);
      return 1;
    }
    // A file that cannot be applied to this store (a fixture's fee): bad input, nothing written.
    if (err instanceof ConfigurationError) {
      console.error(`payment-links-sandbox: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const { core, origin } = sandbox;
  console.log(`Payment Links Sandbox listening on ${origin}`);
  console.log(`Console: ${sandbox.consoleUrl}   API reference: ${origin}/openapi.json`);
  console.log(`Data: ${core.store.dataDir ?? 'in memory (nothing is kept)'}`);
  if (command.start.configuration) console.log(`Configuration: ${command.start.configuration.source}`);
  const clock = core.time.view();
  if (clock.frozen || clock.offset_seconds >= 1) console.log(clockLine(clock));
  const moved = checkoutOriginNotice(core);
  if (moved) console.log(moved);
  // Logs are kept and shared: a secret is printed only for an endpoint this start was asked to
  // register, whose owner needs it now; a declared one's is in the configuration file that fixes
  // it, the others' in the console's Webhooks screen (and GET /sandbox/endpoints).
  const named = new Set(command.start.webhookEndpoints?.map((seed) => seed.url));
  const configuration = command.start.configuration;
  const fixed = new Set(configuration?.endpoints?.filter((e) => e.secret).map((e) => e.id));
  for (const endpoint of core.endpoints.list()) {
    const secret = named.has(endpoint.url)
      ? `secret ${endpoint.secret}`
      : fixed.has(endpoint.id)
        ? `secret as ${configuration?.source} declares it`
        : 'secret in the console';
    console.log(`Webhook endpoint: ${endpoint.url} (${secret})`);
  }
  if (!command.quiet) {
    const logDelivery = deliveryLogger((line) => console.log(line));
    core.events.on('event', (event) => {
      if (event.type === 'request.logged') console.log(formatRequestLine(event.entry));
      // A move of the clock explains the expiries and settlements logged after it.
      else if (event.type === 'clock.changed') console.log(clockLine(event.clock));
      else logDelivery(event);
    });
  }
  await signal;
  // Requests still running after the grace period lose their connection; the store is flushed regardless.
  const force = setTimeout(() => sandbox.app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  try {
    await sandbox.close();
    return 0;
  } catch (err) {
    console.error(`payment-links-sandbox: could not shut down cleanly: ${(err as Error).message}`);
    return 1;
  } finally {
    clearTimeout(force);
  }
}

/** "Sandbox clock: 2026-11-24T10:00:00.000Z (1d ahead, frozen)". */
function clockLine(clock: ClockView): string {
  // A frozen clock falls behind real time by the moments start-up took: to the minute, past an hour.
  const offset = Math.max(0, clock.offset_seconds);
  const ahead = formatDuration(offset >= 3600 ? Math.round(offset / 60) * 60 : Math.round(offset));
  return `Sandbox clock: ${clock.now} (${ahead} ahead${clock.frozen ? ', frozen' : ''})`;
}
