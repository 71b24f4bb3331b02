#!/usr/bin/env node
// The package's command. It runs the TypeScript sources through tsx, so it works straight after
// `npm install`, without a build step.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
