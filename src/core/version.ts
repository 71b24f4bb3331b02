import { createRequire } from 'node:module';

// The same relative path holds from src/core and from the bundled out/main.
export const VERSION: string = (createRequire(import.meta.url)('../../package.json') as { version: string })
  .version;
