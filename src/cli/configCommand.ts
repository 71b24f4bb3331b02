import { configurationJsonSchema } from '../core/configuration/configurationSchema';
import {
  checkConfiguration,
  ConfigurationError,
  readConfigurationText,
  type Configuration,
} from '../core/configuration/readConfiguration';
import { parseArgv, UsageError } from './usageError';
import { helpTable, synopsis } from './usageText';

export const CONFIG_USAGE = `Usage: payment-links-sandbox config validate FILE
       payment-links-sandbox config schema

validate  checks a configuration file (docs/configuration.md) without starting a sandbox:
          exits 0 with a summary, or 2 with every problem, one a line, each with its JSON path
          and what is allowed.
schema    prints the file's JSON Schema (also served at /config.schema.json).

Options:
${helpTable([['--help', 'show this help']])}`;

const count = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

function summary(configuration: Configuration): string {
  const parts = [
    configuration.settings ? `${count(Object.keys(configuration.settings).length, 'setting')}` : null,
    configuration.endpoints ? count(configuration.endpoints.length, 'endpoint') : null,
    configuration.faults ? count(configuration.faults.length, 'fault rule') : null,
    configuration.clock ? 'the clock' : null,
    configuration.links ? count(configuration.links.length, 'link') : null,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'nothing but its version';
}

function validate(file: string): number {
  let text: string;
  try {
    text = readConfigurationText(file);
  } catch (err) {
    if (err instanceof ConfigurationError) {
      console.error(`payment-links-sandbox config: ${err.message}`);
      return 2;
    }
    console.error(`payment-links-sandbox config: ${file}: cannot be read: ${(err as Error).message}`);
    return 2;
  }
  const { configuration, problems } = checkConfiguration(text, file);
  if (!configuration) {
    for (const problem of problems) console.error(`${file}: ${problem}`);
    console.error(`${file}: ${count(problems.length, 'problem')}; nothing was applied`);
    return 2;
  }
  console.log(`${file} is valid: it declares ${summary(configuration)}`);
  return 0;
}

/** Bad usage: what was wrong, then what to type. */
function misused(message: string): number {
  console.error(`payment-links-sandbox config: ${message}`);
  console.error(synopsis(CONFIG_USAGE));
  return 2;
}

/** `payment-links-sandbox config validate FILE` and `config schema`; --help after either too. */
export async function config(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgv(argv, { help: { type: 'boolean', short: 'h' } }, true, CONFIG_USAGE);
  } catch (err) {
    if (err instanceof UsageError) return misused(err.message);
    throw err;
  }
  if (parsed.values.help) {
    console.log(CONFIG_USAGE);
    return 0;
  }
  const [action, ...rest] = parsed.positionals;
  if (action === 'validate' && rest.length === 1) return validate(rest[0] as string);
  if (action === 'schema' && rest.length === 0) {
    console.log(JSON.stringify(configurationJsonSchema(), null, 2));
    return 0;
  }
  const given = action === undefined ? 'give an action' : `cannot "${argv.join(' ')}"`;
  return misused(`${given}: config validate FILE, or config schema`);
}
