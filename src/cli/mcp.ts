import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { keepHeapNearLiveData } from '../core/heapGrowth';
import { startSandbox, type RunningSandbox } from '../core/startSandbox';
import { VERSION } from '../core/version';
import { SandboxApi } from '../mcp/sandboxApi';
import { stdioTransport } from '../mcp/stdioTransport';
import { registerTools, TOOL_NAMES } from '../mcp/tools';

import {
  baseUrlProblem,
  CommandFailure,
  DEFAULT_API_KEY,
  DEFAULT_BASE_URL,
  targetOption,
} from './sandboxClient';
import { parseArgv } from './usageError';
import { helpTable, synopsis } from './usageText';
import { API_KEY_WORDS, isApiKey } from '../shared/apiKey';

export const MCP_USAGE = `Usage: payment-links-sandbox mcp [--base-url URL] [--api-key KEY] [--in-memory]

An MCP server on stdin/stdout, for a coding agent to drive the sandbox with (docs/mcp.md).
Tools: ${TOOL_NAMES.join(', ')}.

Options:
${helpTable([
  [
    '--base-url URL',
    `the sandbox to drive (default: PLS_BASE_URL, else PLS_HOST and PLS_PORT as serve\nreads them, else ${DEFAULT_BASE_URL})`,
  ],
  ['--api-key KEY', `its API key (default ${DEFAULT_API_KEY}; env PLS_API_KEY)`],
  [
    '--in-memory',
    'drive a sandbox of its own instead, started in this process on a free port\nand gone when the server stops (its address is logged on stderr)',
  ],
  ['--help', 'show this help'],
])}`;

const log = (line: string) => process.stderr.write(`payment-links-sandbox mcp: ${line}\n`);

/**
 * `payment-links-sandbox mcp`. stdout carries the protocol and nothing else, so every line for a
 * person goes to stderr. Runs until the client closes stdin.
 */
export async function mcp(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgv(
      argv,
      {
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        'in-memory': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      false,
      MCP_USAGE,
    ));
  } catch (err) {
    log((err as Error).message);
    process.stderr.write(`${synopsis(MCP_USAGE)}\n`);
    return 2;
  }
  if (values.help) {
    console.log(MCP_USAGE);
    return 0;
  }
  const key = targetOption(values, 'api-key');
  const apiKey = key.value;
  if (values['in-memory'] && values['base-url'] !== undefined) {
    log('--in-memory and --base-url exclude each other: --in-memory drives a sandbox of its own');
    return 2;
  }
  let baseUrl = DEFAULT_BASE_URL;
  if (!values['in-memory']) {
    let base;
    try {
      base = targetOption(values, 'base-url');
    } catch (err) {
      if (!(err instanceof CommandFailure)) throw err;
      log(err.message);
      return err.exitCode;
    }
    const baseUrlWrong = baseUrlProblem(base.value, base.name);
    if (baseUrlWrong) {
      log(baseUrlWrong);
      return 2;
    }
    baseUrl = base.value;
  }
  // The server's own rule: a key it would refuse is refused here, before any tool is offered.
  if (!isApiKey(apiKey)) {
    log(`${key.name} must be a test key (sk_test_…); got "${apiKey}"; a key is ${API_KEY_WORDS}`);
    return 2;
  }

  let own: RunningSandbox | undefined;
  if (values['in-memory']) {
    keepHeapNearLiveData(undefined);
    own = await startSandbox({ port: 0 });
    log(`drives its own in-memory sandbox at ${own.origin} (console: ${own.consoleUrl})`);
  } else {
    log(`drives the sandbox at ${baseUrl}`);
  }
  const server = new McpServer({ name: 'payment-links-sandbox', version: VERSION });
  registerTools(server, new SandboxApi(own?.origin ?? baseUrl, apiKey));
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  await server.connect(stdioTransport(log));
  // The transport does not notice stdin's end by itself: the client going away ends the server.
  process.stdin.once('end', () => void server.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void server.close());
  await closed;
  await own?.close();
  return 0;
}
