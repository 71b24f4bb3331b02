// The configuration file's JSON Schema as a file of the package (dist/config.schema.json), so an
// editor or a CI check can use it without a running sandbox. buildPackage calls writeConfigSchema;
// `node --import tsx src/package/configSchemaFile.ts DIR` writes it on its own.
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { configurationJsonSchema } from '../core/configuration/configurationSchema';

export const CONFIG_SCHEMA_FILE = 'config.schema.json';

/** Writes the schema into `dir` and answers the file's path. */
export async function writeConfigSchema(dir: string): Promise<string> {
  const file = join(dir, CONFIG_SCHEMA_FILE);
  await writeFile(file, `${JSON.stringify(configurationJsonSchema(), null, 2)}\n`);
  return file;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  console.log(`${await writeConfigSchema(process.argv[2] ?? 'dist')} written`);
}
