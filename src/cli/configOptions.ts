import { existsSync } from 'node:fs';
import { CONFIGURATION_FILE_NAME } from '../core/configuration/configurationSchema';
import {
  checkConfiguration,
  ConfigurationError,
  readConfigurationText,
  type Configuration,
} from '../core/configuration/readConfiguration';

/**
 * The configuration file serve applies: --config / PLS_CONFIG, else payment-links-sandbox.json in
 * the working folder when there is one. A file that cannot be read or fails a check throws a
 * ConfigurationError naming the file, the JSON path and what is allowed, before any store opens.
 */
export function configurationOf(given: string | undefined, named: string): Configuration | undefined {
  const file = given ?? (existsSync(CONFIGURATION_FILE_NAME) ? CONFIGURATION_FILE_NAME : undefined);
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = readConfigurationText(file);
  } catch (err) {
    if (err instanceof ConfigurationError) throw err;
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message;
    throw new ConfigurationError(file, [`cannot be read (${why}); ${named} names a JSON file`]);
  }
  const { configuration, problems } = checkConfiguration(text, file);
  if (!configuration) throw new ConfigurationError(file, problems);
  return configuration;
}
