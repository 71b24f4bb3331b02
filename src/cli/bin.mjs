#!/usr/bin/env node
// The command in a clone: the CLI compiled to JavaScript, built first when missing or older than its
// sources (compiledCli.mjs), so it works straight after `npm install` and no launch compiles TypeScript.
import { pathToFileURL } from 'node:url';
import { compiledCli } from './compiledCli.mjs';
import { buildAppWhenChanged } from './buildAppWhenChanged.mjs';

let entry;
try {
  // `start` opens the desktop app, or serves its console headless: both built from this clone.
  if (process.argv[2] === 'start') await buildAppWhenChanged();
  entry = await compiledCli();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
await import(pathToFileURL(entry).href);
