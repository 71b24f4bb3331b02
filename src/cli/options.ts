import { defaultDataDir, type StartOptions } from '../core';
import { allowedHostProblem } from '../core/http/hostCheck';
import { webhookSecretProblem, webhookUrlProblem } from '../shared/webhookInputs';
import { MAX_FAULT_RULES, type NewFaultRule } from '../shared/faults';
import { FAULT_USAGE, FaultOptionError, parseFaultRule, readFaultsFile } from './faultOptions';
import { clockStartOf } from './clockOptions';
import { configurationOf } from './configOptions';
import { parseArgv, UsageError } from './usageError';
import { MAX_WORKSPACES_LIMIT } from '../shared/workspaceKey';

export const USAGE = `Usage: payment-links-sandbox serve [options]

Runs the Payment Links Sandbox API (and its console) headless.

Options:
  --port N              port to listen on (default: the preferred port in Settings, else 4545;
                        0 picks any free port; env PORT)
  --host HOST           address to bind (default 127.0.0.1)
  --data DIR            data directory (default ${defaultDataDir()})
  --config FILE         configuration file to apply (default: payment-links-sandbox.json in the
                        working folder, when there is one; see docs/configuration.md)
  --in-memory           keep nothing on disk
  --public-url URL      base of checkout URLs (default: the server's own origin)
  --webhook-url URL     register a webhook endpoint at start (repeatable)
  --webhook-secret S    signing secret (whsec_...) for the --webhook-url endpoints
  --allowed-host NAME   accept this host name in the Host header too, without a port (repeatable)
  --console-token T     the console's token (default: generated when --host is not loopback)
  --compact-after N     journal records before the snapshot is rewritten (default: 50000, or
                        the number of links when that is larger)
  --max-workspaces N    the most workspaces (keys sk_test_ws_<name>) made besides default,
                        0 to 100000 (default 1000)
  --clock STATE         frozen: start with the sandbox clock frozen; running: resume a frozen one
                        (default: as stored)
  --clock-offset D      start the sandbox clock at least D ahead of real time (90s, 15m, 2h, 1d,
                        1d12h); moves a stored clock forward to it, never back
${FAULT_USAGE}
  --quiet               do not log each request
  --help                show this help

Every option but --help has an environment variable: PLS_ and its name in upper snake case
(--webhook-url is PLS_WEBHOOK_URL; a repeatable one takes one value per line; a switch takes true,
false, 1 or 0, in any case). A flag beats its variable, and PLS_PORT beats PORT. No value may be
empty. PLS_DEFAULT_DATA (the container image sets /data) replaces the default data directory;
--data, --in-memory and their variables still choose.`;

export interface ServeCommand {
  start: StartOptions;
  quiet: boolean;
  help: boolean;
}

const SERVE_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  config: { type: 'string' },
  'in-memory': { type: 'boolean' },
  'public-url': { type: 'string' },
  'webhook-url': { type: 'string', multiple: true },
  'webhook-secret': { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  'console-token': { type: 'string' },
  'compact-after': { type: 'string' },
  'max-workspaces': { type: 'string' },
  fault: { type: 'string', multiple: true },
  faults: { type: 'string' },
  clock: { type: 'string' },
  'clock-offset': { type: 'string' },
  quiet: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const EXCLUSIVE: Record<string, string> = { data: 'in-memory', 'in-memory': 'data' };

/** `--webhook-url` → `PLS_WEBHOOK_URL` (docs/ci.md: every serve flag has a variable). */
export const envName = (flag: string): string => `PLS_${flag.toUpperCase().replace(/-/g, '_')}`;

type Flag = keyof typeof SERVE_OPTIONS;
type Values = Record<string, string | boolean | string[] | undefined>;

/** A switch's variable: docs/decisions.md, "Environment variables". */
function switchValue(name: string, text: string): boolean {
  if (!/^(true|false|1|0)$/i.test(text.trim()))
    throw new UsageError(`${name} must be true, false, 1 or 0; got "${text}"`);
  return /^(true|1)$/i.test(text.trim());
}

/**
 * The flags argv gives, then each one it lacks from its PLS_ variable (a repeatable flag's variable
 * holds one value per line, a switch's is true / false / 1 / 0), with the name each value came
 * from, for every message about it. A switch's variable is checked even when a flag beats it, so
 * PLS_IN_MEMORY=maybe beside --data is refused, not passed over.
 */
function withEnvironment(
  given: Values,
  env: NodeJS.ProcessEnv,
): { values: Values; source: Map<string, string> } {
  const values = { ...given };
  const source = new Map(Object.keys(given).map((flag) => [flag, `--${flag}`]));
  for (const [flag, spec] of Object.entries(SERVE_OPTIONS)) {
    const text = env[envName(flag)];
    if (flag === 'help' || text === undefined) continue;
    const on = spec.type === 'boolean' ? switchValue(envName(flag), text) : undefined;
    if (given[flag] !== undefined) continue;
    // A flag beats its counterpart's variable: `--in-memory` in an image that sets PLS_DATA.
    const counterpart = EXCLUSIVE[flag];
    if (counterpart !== undefined && given[counterpart] !== undefined) continue;
    source.set(flag, envName(flag));
    if (on !== undefined) values[flag] = on;
    else if ('multiple' in spec)
      values[flag] = text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
    else values[flag] = text;
  }
  return { values, source };
}

/** The variable an image sets for its data folder: a default, which PLS_DATA and PLS_IN_MEMORY beat. */
export const DEFAULT_DATA_VARIABLE = 'PLS_DEFAULT_DATA';

/**
 * The container image's data folder (docs/decisions.md, "The container"): the image sets a default,
 * not a choice, so `docker run -e PLS_IN_MEMORY=true IMAGE` is in memory and `-e PLS_DATA=…` is
 * used, where an image-wide PLS_DATA refused the one and hid the other.
 */
function imageDataDir(env: NodeJS.ProcessEnv): string | undefined {
  const dir = env[DEFAULT_DATA_VARIABLE];
  if (dir === undefined) return undefined;
  if (dir.trim() === '')
    throw new UsageError(
      `${DEFAULT_DATA_VARIABLE} is empty: it takes DIR, or unset ${DEFAULT_DATA_VARIABLE}`,
    );
  return dir;
}

/** What a flag takes, as --help names it: `--host HOST` takes HOST. */
const takes = (flag: Flag): string => new RegExp(`--${flag} (\\S+)`).exec(USAGE)?.[1] ?? 'a value';

/**
 * An empty value is refused, never read as "not given": PLS_HOST= bound every interface and
 * printed http://:4545/ URLs, PLS_DATA= kept nothing on disk (issue 28).
 */
function refuseEmpty(values: Values, named: (flag: Flag) => string): void {
  for (const flag of Object.keys(SERVE_OPTIONS) as Flag[]) {
    const value = values[flag];
    if (typeof value === 'boolean' || value === undefined) continue;
    const texts = typeof value === 'string' ? [value] : value.length === 0 ? [''] : value;
    if (texts.every((text) => text.trim() !== '')) continue;
    const name = named(flag);
    const instead = name.startsWith('--') ? `leave ${name} out` : `unset ${name}`;
    throw new UsageError(`${name} is empty: it takes ${takes(flag)} (see --help), or ${instead}`);
  }
}

/** Turns argv into start options, or a UsageError that says what was wrong and what is allowed. */
export function parseServeArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ServeCommand {
  const { values: given } = parseArgv(argv, SERVE_OPTIONS, false, USAGE);
  const merged = withEnvironment(given, env);
  const values = merged.values as typeof given;
  /** How the user named the option: the flag, or the variable its value came from. */
  const named = (flag: Flag): string => merged.source.get(flag) ?? `--${flag}`;
  refuseEmpty(values, named);
  // Without --port or PORT the store's preferred port decides, once the store is open.
  const portText = values.port ?? env.PORT;
  const port = portText === undefined ? undefined : Number(portText);
  if (portText !== undefined && (!/^\d+$/.test(portText) || (port as number) > 65535)) {
    throw new UsageError(
      `${values.port === undefined ? 'PORT' : named('port')} must be a whole number from 0 to 65535; got "${portText}"`,
    );
  }
  if (values['in-memory'] && values.data)
    throw new UsageError(`${named('data')} and ${named('in-memory')} exclude each other; pick one`);
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && webhookUrlProblem(publicUrl)) {
    throw new UsageError(
      `${named('public-url')} must be an absolute http:// or https:// URL; got "${publicUrl}"`,
    );
  }
  const secret = values['webhook-secret'];
  const secretProblem = secret === undefined ? null : webhookSecretProblem(secret, named('webhook-secret'));
  if (secretProblem) throw new UsageError(secretProblem);
  if (secret !== undefined && !values['webhook-url'])
    throw new UsageError(`${named('webhook-secret')} needs at least one --webhook-url (or PLS_WEBHOOK_URL)`);
  for (const url of values['webhook-url'] ?? []) {
    const problem = webhookUrlProblem(url);
    if (problem) throw new UsageError(`${named('webhook-url')}: ${problem}`);
  }
  const compactText = values['compact-after'];
  if (compactText !== undefined && !/^[1-9]\d{0,8}$/.test(compactText)) {
    throw new UsageError(
      `${named('compact-after')} must be a whole number from 1 to 999999999; got "${compactText}"`,
    );
  }
  const maxText = values['max-workspaces'];
  if (maxText !== undefined && !(/^\d{1,6}$/.test(maxText) && Number(maxText) <= MAX_WORKSPACES_LIMIT)) {
    throw new UsageError(
      `${named('max-workspaces')} must be a whole number from 0 to ${MAX_WORKSPACES_LIMIT}; got "${maxText}"`,
    );
  }
  for (const name of values['allowed-host'] ?? []) {
    const problem = allowedHostProblem(name);
    if (problem) throw new UsageError(`${named('allowed-host')} "${name}" ${problem}`);
  }
  const consoleToken = values['console-token'];
  if (consoleToken !== undefined && !/^[A-Za-z0-9_-]{16,}$/.test(consoleToken)) {
    throw new UsageError(`${named('console-token')} must be at least 16 letters, digits, - or _`);
  }
  const faults = faultRules(values.faults, values.fault, named);
  const configuration = configurationOf(values.config, named('config'));
  return {
    help: values.help ?? false,
    quiet: values.quiet ?? false,
    start: {
      port,
      host: values.host ?? '127.0.0.1',
      dataDir: values['in-memory'] ? undefined : (values.data ?? imageDataDir(env) ?? defaultDataDir()),
      publicUrl,
      allowedHosts: values['allowed-host'] ?? [],
      consoleToken,
      compactAfter: compactText === undefined ? undefined : Number(compactText),
      ...(maxText === undefined ? {} : { maxWorkspaces: Number(maxText) }),
      webhookEndpoints: (values['webhook-url'] ?? []).map((url) => ({ url, secret })),
      ...(faults ? { faults } : {}),
      clockStart: clockStartOf(values.clock, values['clock-offset'], named),
      ...(configuration ? { configuration } : {}),
    },
  };
}

/** --faults FILE, then each --fault; undefined when neither is given (the stored rules stay). */
function faultRules(
  file: string | undefined,
  rules: string[] | undefined,
  named: (flag: Flag) => string,
): NewFaultRule[] | undefined {
  if (file === undefined && rules === undefined) return undefined;
  try {
    const all = [
      ...(file === undefined ? [] : readFaultsFile(file, named('faults'))),
      ...(rules ?? []).map((rule) => parseFaultRule(rule, named('fault'))),
    ];
    if (all.length > MAX_FAULT_RULES)
      throw new UsageError(
        `${named('fault')} and ${named('faults')} give ${all.length} rules; the sandbox keeps at most ${MAX_FAULT_RULES}`,
      );
    return all;
  } catch (err) {
    if (err instanceof FaultOptionError) throw new UsageError(err.message);
    throw err;
  }
}
