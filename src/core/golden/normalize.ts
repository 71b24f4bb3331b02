import { ID_TOKEN } from '../scenarios/idShapes';
import type { GoldenRequest, LoggedRequest } from './recording';

/**
 * The request log's own traffic is how a recording is taken, not what the app did: a recording
 * read through `GET /sandbox/logs` holds the reads that took it.
 */
const RECORDER_PATHS = /^\/(?:sandbox\/logs|healthz)(?:[/?]|$)/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * Placeholders in order of first appearance: the nth distinct link is link#n, the nth distinct
 * Idempotency-Key key#n. A recording taken again names different ids and keys but the same
 * pattern, and a pattern that changes (a fresh key where the golden retried with the same one)
 * shows.
 */
class Placeholders {
  private readonly seen = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  of(value: string, kind: string): string {
    let name = this.seen.get(value);
    if (name === undefined) {
      const n = (this.counts.get(kind) ?? 0) + 1;
      this.counts.set(kind, n);
      name = `${kind}#${n}`;
      this.seen.set(value, name);
    }
    return name;
  }

  ids(text: string): string {
    return text.replace(ID_TOKEN, (id) => this.of(id, /^[a-z]+_/.exec(id)?.[0].slice(0, -1) ?? 'link'));
  }
}

function bodyValue(value: unknown, names: Placeholders): unknown {
  if (typeof value === 'string') return ISO_TIME.test(value) ? '<time>' : names.ids(value);
  if (Array.isArray(value)) return value.map((item) => bodyValue(item, names));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bodyValue(v, names)]));
  return value;
}

function requestBody(text: string | null, names: Placeholders): unknown {
  if (text === null || text === '') return null;
  try {
    return bodyValue(JSON.parse(text), names);
  } catch {
    return names.ids(text);
  }
}

/** Oldest first, whichever order the recording came in (`GET /sandbox/logs` is newest first). */
const inOrder = (requests: LoggedRequest[]): LoggedRequest[] =>
  [...requests].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.seq - b.seq);

/**
 * A recording as `compare` sees it: the app's API requests in order, each as its method, path,
 * status, Idempotency-Key, whether it was replayed, the link it is about, the fault that hit it
 * and its body, with ids, keys and times replaced. Request ids, seq, times and durations are left
 * out; so is the answer's body (the sandbox's doing, not the app's: the status says how it went).
 */
export function normalizeRecording(requests: LoggedRequest[]): GoldenRequest[] {
  const names = new Placeholders();
  const keys = new Placeholders();
  return inOrder(requests)
    .filter((r) => !RECORDER_PATHS.test(r.path))
    .map((r) => {
      const path = names.ids(r.path);
      const body = requestBody(r.request_body, names);
      return {
        method: r.method,
        path,
        status: r.status,
        idempotency_key: r.idempotency_key === null ? null : keys.of(r.idempotency_key, 'key'),
        replayed: r.replayed,
        ...(r.link_id === undefined ? {} : { link: names.ids(r.link_id) }),
        ...(r.fault === undefined ? {} : { fault: r.fault.action }),
        request_body: body,
      };
    });
}
