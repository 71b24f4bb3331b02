import type { BuildOptions } from 'esbuild';

export const NODE_BUNDLE: BuildOptions;
export const CLI_SPLIT: BuildOptions;
export function compiledCli(): Promise<string>;
