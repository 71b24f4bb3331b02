/**
 * Reading a recording of an app's traffic (docs/scenarios.md, "Golden recordings"): NDJSON of
 * request-log entries as `logs tail --json` writes them, a JSON array of them, or `{data: [...]}`
 * as `GET /sandbox/logs` and the console answer; or a golden file `compare --update` wrote.
 */

/** One API request as the request log records it; webhook attempts and other kinds are not read. */
export interface LoggedRequest {
  at: string;
  seq: number;
  method: string;
  path: string;
  status: number;
  idempotency_key: string | null;
  replayed: boolean;
  link_id?: string;
  fault?: { action: string };
  request_body: string | null;
}

/** A request as a golden file keeps it: what `compare` compares, ids and keys as placeholders. */
export type GoldenRequest = Record<string, unknown> & { method: string; path: string; status: number };

export const GOLDEN_FORMAT = 'payment-links-sandbox/golden';
export const GOLDEN_VERSION = 1;

export type Recording =
  { kind: 'log'; requests: LoggedRequest[] } | { kind: 'golden'; requests: GoldenRequest[] };

/** A recording that cannot be read: the message says where and what is allowed. */
export class RecordingError extends Error {
  override name = 'RecordingError';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SHAPE =
  'a request-log entry ({"type":"api_request", "at", "seq", "method", "path", "status", "idempotency_key", "replayed", "request_body", …})';

/** An entry, or null for one that is not an API request (a webhook attempt). */
function loggedRequest(value: unknown, where: string): LoggedRequest | null {
  if (!isObject(value)) throw new RecordingError(`${where} is not ${SHAPE}`);
  if (value.type !== undefined && value.type !== 'api_request') return null;
  // The console's request log also holds its own and the checkout page's requests.
  if (value.api === false) return null;
  const wrong = (field: string, allowed: string) =>
    new RecordingError(
      `${where}: "${field}" must be ${allowed}, not ${JSON.stringify(value[field]) ?? 'missing'}`,
    );
  if (typeof value.method !== 'string') throw wrong('method', 'a string');
  if (typeof value.path !== 'string' || !value.path.startsWith('/'))
    throw wrong('path', 'a path starting with /');
  if (!Number.isInteger(value.status)) throw wrong('status', 'an integer (0 for a dropped connection)');
  if (typeof value.at !== 'string' || Number.isNaN(Date.parse(value.at))) throw wrong('at', 'an ISO time');
  if (value.seq !== undefined && typeof value.seq !== 'number') throw wrong('seq', 'a number');
  const key = value.idempotency_key ?? null;
  if (key !== null && typeof key !== 'string') throw wrong('idempotency_key', 'a string or null');
  const body = value.request_body ?? null;
  if (body !== null && typeof body !== 'string')
    throw wrong('request_body', 'the body as sent (a string) or null');
  if (value.link_id !== undefined && typeof value.link_id !== 'string') throw wrong('link_id', 'a string');
  const fault = value.fault;
  if (fault !== undefined && !(isObject(fault) && typeof fault.action === 'string'))
    throw wrong('fault', 'an object with "action"');
  return {
    at: value.at,
    seq: typeof value.seq === 'number' ? value.seq : 0,
    method: value.method,
    path: value.path,
    status: value.status as number,
    idempotency_key: key,
    replayed: value.replayed === true,
    ...(value.link_id === undefined ? {} : { link_id: value.link_id }),
    ...(fault === undefined ? {} : { fault: { action: (fault as { action: string }).action } }),
    request_body: body,
  };
}

function goldenRequest(value: unknown, where: string): GoldenRequest {
  if (
    !isObject(value) ||
    typeof value.method !== 'string' ||
    typeof value.path !== 'string' ||
    typeof value.status !== 'number'
  )
    throw new RecordingError(
      `${where} is not a golden request (an object with "method", "path" and "status")`,
    );
  return value as GoldenRequest;
}

function parseLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line);
  } catch (err) {
    throw new RecordingError(`${where} is not JSON: ${(err as Error).message}`);
  }
}

/** The values of a JSON file (an array, or `{data: [...]}`), or of NDJSON, with where each was. */
function values(text: string): { value: unknown; where: string }[] {
  let whole: unknown;
  try {
    whole = JSON.parse(text);
  } catch {
    whole = undefined;
  }
  const list = Array.isArray(whole)
    ? whole
    : isObject(whole) && Array.isArray(whole.data)
      ? whole.data
      : null;
  if (list) return list.map((value, i) => ({ value, where: `entry ${i + 1}` }));
  const found: { value: unknown; where: string }[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() !== '') found.push({ value: parseLine(line, `line ${i + 1}`), where: `line ${i + 1}` });
  });
  return found;
}

/** Reads a recording or a golden file from its text. */
export function parseRecording(text: string): Recording {
  const all = values(text);
  const head = all[0]?.value;
  if (isObject(head) && head.format === GOLDEN_FORMAT) {
    if (head.version !== GOLDEN_VERSION)
      throw new RecordingError(
        `the golden file has version ${JSON.stringify(head.version)}; this version reads ${GOLDEN_VERSION}`,
      );
    return { kind: 'golden', requests: all.slice(1).map(({ value, where }) => goldenRequest(value, where)) };
  }
  const requests: LoggedRequest[] = [];
  for (const { value, where } of all) {
    const request = loggedRequest(value, where);
    if (request) requests.push(request);
  }
  if (all.length === 0) throw new RecordingError(`the file holds no entries: give ${SHAPE}, one a line`);
  return { kind: 'log', requests };
}
