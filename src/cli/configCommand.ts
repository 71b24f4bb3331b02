import { configurationJsonSchema } from '../core/configuration/configurationSchema';
import {
  checkConfiguration,
  ConfigurationError,
  readConfigurationText,
  type Configuration,
} from '../core/configuration/readConfiguration';

export const CONFIG_USAGE = `Usage: payment-links-sandbox config validate FILE
       payment-links-sandbox config schema

validate  checks a configuration file (docs/configuration.md) without starting a sandbox:
          exits 0 with a summary, or 2 with each problem, its JSON path and what is allowed.
schema    prints the file's JSON Schema (also served at /config.schema.json).`;

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

/** `payment-links-sandbox config validate FILE` and `config schema`. */
export async function config(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  if (action === '--help' || action === '-h') {
    console.log(CONFIG_USAGE);
    return 0;
  }
  if (action === 'validate' && rest.length === 1 && !(rest[0] as string).startsWith('-'))
    return validate(rest[0] as string);
  if (action === 'schema' && rest.length === 0) {
    console.log(JSON.stringify(configurationJsonSchema(), null, 2));
    return 0;
  }
  console.error(
    `payment-links-sandbox config: ${action === undefined ? 'give an action' : `cannot "${argv.join(' ')}"`}: config validate FILE, or config schema (see config --help)`,
  );
  return 2;
}
