#!/usr/bin/env node
// The command in a clone: the CLI compiled to JavaScript, built first when missing or older than its
// sources (compiledCli.mjs), so it works straight after `npm install` and no launch compiles TypeScript.
import { pathToFileURL } from 'node:url';
import { compiledCli } from './compiledCli.mjs';

let entry;
try {
  entry = await compiledCli();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
await import(pathToFileURL(entry).href);
