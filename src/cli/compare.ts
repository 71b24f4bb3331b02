import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { makeFolder } from '../core/makeFolder';
import { dirname } from 'node:path';
import { printLines } from './printLines';
import { parseArgv } from './usageError';
import { synopsis } from './usageText';
import { compareRequests } from '../core/golden/compareRequests';
import {
  IgnorePathError,
  parseIgnorePath,
  withoutIgnored,
  type IgnorePath,
} from '../core/golden/ignorePaths';
import { normalizeRecording } from '../core/golden/normalize';
import {
  GOLDEN_FORMAT,
  GOLDEN_VERSION,
  parseRecording,
  RecordingError,
  type GoldenRequest,
} from '../core/golden/recording';

export const COMPARE_USAGE = `Usage: payment-links-sandbox compare GOLDEN RECORDING [--update] [--ignore PATH]...

Compares an app's recorded traffic (\`logs tail --json\` NDJSON, or the entries of GET
/sandbox/logs) with a golden recording: its API requests in order, each by method, path, status,
Idempotency-Key, replay, link, fault and request body. Ids, times, request ids and durations are
not compared; the pattern of Idempotency-Keys is (key#1, key#2… in order of first use), so a
retry with a fresh key differs from one with the same key. See docs/scenarios.md.
Exits 0 when they match, 1 with the differences, 2 on bad usage or a file that cannot be read.

Options:
  --update       write RECORDING, normalized, as the new GOLDEN (exits 0)
  --ignore PATH  leave a field out, e.g. request_body.metadata.trace or $.request_body.note
                 (repeatable; * for any key or item)
  --help         show this help`;

const fail = (message: string): number => {
  console.error(`payment-links-sandbox compare: ${message}`);
  return 2;
};

/** Bad usage: what was wrong, then what to type. */
const misused = (message: string): number => {
  fail(message);
  console.error(synopsis(COMPARE_USAGE));
  return 2;
};

class Unreadable extends Error {}

async function read(file: string): Promise<GoldenRequest[]> {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Unreadable(`${file}: cannot read it: ${(err as Error).message}`);
  }
  try {
    const recording = parseRecording(text);
    return recording.kind === 'golden' ? recording.requests : normalizeRecording(recording.requests);
  } catch (err) {
    if (err instanceof RecordingError) throw new Unreadable(`${file}: ${err.message}`);
    throw err;
  }
}

/** The golden file: a header line, then one normalized request a line, readable in a review. */
const goldenText = (requests: GoldenRequest[]): string =>
  [{ format: GOLDEN_FORMAT, version: GOLDEN_VERSION }, ...requests].map((r) => JSON.stringify(r)).join('\n') +
  '\n';

async function writeGolden(file: string, requests: GoldenRequest[]): Promise<void> {
  // Written beside and renamed over, so a failed write leaves the old golden whole.
  const partial = `${file}.${process.pid}.partial`;
  await makeFolder(dirname(file));
  try {
    await writeFile(partial, goldenText(requests));
    await rename(partial, file);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/** `payment-links-sandbox compare GOLDEN RECORDING`: an app's traffic checked against a golden one. */
export async function compare(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgv(
      argv,
      {
        update: { type: 'boolean' },
        ignore: { type: 'string', multiple: true },
        help: { type: 'boolean', short: 'h' },
      },
      true,
      COMPARE_USAGE,
    );
  } catch (err) {
    return misused((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(COMPARE_USAGE);
    return 0;
  }
  if (positionals.length !== 2) return misused('give a GOLDEN file and a RECORDING file (see --help)');
  const [goldenFile, recordingFile] = positionals as [string, string];
  let ignored: IgnorePath[];
  try {
    ignored = (values.ignore ?? []).map(parseIgnorePath);
  } catch (err) {
    if (err instanceof IgnorePathError) return misused(err.message);
    throw err;
  }
  let recording: GoldenRequest[];
  try {
    recording = await read(recordingFile);
  } catch (err) {
    if (err instanceof Unreadable) return fail(err.message);
    throw err;
  }
  let golden: GoldenRequest[] | null;
  try {
    golden = await read(goldenFile);
  } catch (err) {
    if (!(err instanceof Unreadable)) throw err;
    if (!values.update) return fail(`${err.message} (--update writes it from the recording)`);
    golden = null;
  }
  const strip = (requests: GoldenRequest[]) => requests.map((r) => withoutIgnored(r, ignored));
  const diff = golden === null ? [] : compareRequests(strip(golden), strip(recording));
  const indented = diff.map((line) => `  ${line}`);
  if (values.update) {
    await printLines(indented);
    try {
      await writeGolden(goldenFile, recording);
    } catch (err) {
      return fail(`cannot write ${goldenFile}: ${(err as Error).message}`);
    }
    const before = golden === null ? 'new' : diff.length === 0 ? 'unchanged' : 'updated';
    await printLines([`Golden ${goldenFile} ${before}: ${recording.length} requests from ${recordingFile}.`]);
    return 0;
  }
  if (diff.length === 0) {
    await printLines([`${recordingFile} matches ${goldenFile}: ${recording.length} requests.`]);
    return 0;
  }
  await printLines([
    `${recordingFile} differs from ${goldenFile} (golden ${golden?.length ?? 0} requests, recording ${recording.length}):`,
    ...indented,
  ]);
  return 1;
}
