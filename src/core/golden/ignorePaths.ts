/**
 * `--ignore PATH`: a field `compare` leaves out, named as in its diff (`request_body.metadata.trace`)
 * or as a JSON path (`$.request_body.note`, `request_body.items[0].sku`, `request_body.items[*].sku`).
 */
export type IgnorePath = string[];

/** A path that cannot name a field: the message says what is allowed. */
export class IgnorePathError extends Error {
  override name = 'IgnorePathError';
}

const SEGMENT = /^[^.[\]]+$/;

export function parseIgnorePath(text: string): IgnorePath {
  const bare = text.replace(/^\$\.?/, '');
  const segments = bare
    .replace(/\[(\d+|\*)\]/g, '.$1')
    .split('.')
    .filter((s, i) => !(i === 0 && s === '' && bare.startsWith('[')));
  if (bare === '' || !segments.every((s) => SEGMENT.test(s)))
    throw new IgnorePathError(
      `--ignore "${text}" does not name a field: give a path like request_body.metadata.trace or $.request_body.items[0].sku (* for any key or item)`,
    );
  return segments;
}

function remove(value: unknown, path: IgnorePath): void {
  if (typeof value !== 'object' || value === null) return;
  const [head, ...rest] = path;
  if (head === undefined) return;
  const record = value as Record<string, unknown>;
  const keys = head === '*' ? Object.keys(record) : [head];
  for (const key of keys) {
    if (!(key in record)) continue;
    if (rest.length === 0) {
      if (Array.isArray(value)) record[key] = '<ignored>';
      else delete record[key];
    } else remove(record[key], rest);
  }
}

/** A copy of `request` without the ignored fields. */
export function withoutIgnored<T>(request: T, paths: IgnorePath[]): T {
  if (paths.length === 0) return request;
  const copy = structuredClone(request);
  for (const path of paths) remove(copy, path);
  return copy;
}
