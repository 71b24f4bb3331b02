import { VERSION } from '../core/version';
import { helpTable } from './usageText';

/**
 * Every command `--help` lists, in one place: a command added to main.ts's table gets its line
 * here (a test checks that each one in the table is listed).
 */
export const COMMAND_HELP: [usage: string, summary: string][] = [
  ['serve [options]', 'run the sandbox headless (the default command)'],
  ['start [options]', 'open the desktop app, or serve headless where it cannot run'],
  ['run FILE [--junit OUT.xml]', 'replay a scenario and compare each answer'],
  ['compare GOLDEN RECORDING', "compare an app's recorded traffic with a golden recording"],
  ['listen --forward-to URL', 'deliver the running sandbox’s webhooks to URL while this runs'],
  ['trigger EVENT', 'drive a payment link to paid, failed, expired or canceled'],
  ['events resend ID', 'resend an event’s deliveries (evt_…) or one delivery (dlv_…)'],
  ['logs tail [--json]', 'follow API requests and webhook attempts as they happen'],
  ['status', 'is the sandbox up: version, clock, links, endpoints, deliveries'],
  ['reset', 'empty the running sandbox and apply its configuration again'],
  ['workspaces list|delete NAME', 'the running sandbox’s workspaces (keys sk_test_ws_<name>)'],
  ['config validate FILE', 'check a configuration file'],
  ['check-endpoint URL --secret whsec_…', 'grade your webhook receiver: a pass / fail per probe'],
  ['mcp', 'an MCP server (stdio) that drives the sandbox, for coding agents'],
];

export const HELP = `Usage: payment-links-sandbox <command> [options]

Commands:
${helpTable(COMMAND_HELP)}

Commands that talk to a running sandbox (listen, trigger, events, logs, status, reset,
workspaces, mcp) find it at --base-url, else PLS_BASE_URL, else where serve's own PLS_HOST and
PLS_PORT put it (0.0.0.0 and :: read as 127.0.0.1), else http://127.0.0.1:4545; they use --api-key
or PLS_API_KEY (default sk_test_cli). "payment-links-sandbox <command> --help" tells more.

Options:
${helpTable([
  ['--help', 'show this list'],
  ['--version', `print the version (${VERSION})`],
])}`;
