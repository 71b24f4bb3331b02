import stableStringify from 'fast-json-stable-stringify';
import type { GoldenRequest } from './recording';

/** Past this many cells the pairing of the middle is by position instead (docs/performance.md). */
const MATCH_CELLS = 16_000_000;

const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** `3 POST /payment-links key#2 → 201`: a request as one line of the diff. */
export function requestLine(request: GoldenRequest, n: number): string {
  const key = typeof request.idempotency_key === 'string' ? ` ${request.idempotency_key}` : '';
  const replayed = request.replayed === true ? ' (replayed)' : '';
  const fault = typeof request.fault === 'string' ? ` (fault ${request.fault})` : '';
  return `${n} ${request.method} ${request.path}${key} → ${request.status}${replayed}${fault}`;
}

/** Field by field: `request_body.amount: golden 150000, recording 1500`. */
function fieldDiff(golden: unknown, recording: unknown, path: string): string[] {
  const bothObjects =
    typeof golden === 'object' &&
    golden !== null &&
    typeof recording === 'object' &&
    recording !== null &&
    Array.isArray(golden) === Array.isArray(recording);
  if (!bothObjects)
    return stableStringify(golden) === stableStringify(recording)
      ? []
      : [`${path}: golden ${show(golden)}, recording ${show(recording)}`];
  const g = golden as Record<string, unknown>;
  const r = recording as Record<string, unknown>;
  const lines: string[] = [];
  for (const key of new Set([...Object.keys(g), ...Object.keys(r)])) {
    const at = Array.isArray(golden) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (!(key in r)) lines.push(`${at}: golden ${show(g[key])}, recording has none`);
    else if (!(key in g)) lines.push(`${at}: golden has none, recording ${show(r[key])}`);
    else lines.push(...fieldDiff(g[key], r[key], at));
  }
  return lines;
}

type Edit =
  | { op: 'same' | 'changed'; g: number; r: number }
  | { op: 'missing'; g: number }
  | { op: 'extra'; r: number };

/** Which requests of the two sides are the same one: a longest common subsequence of the middle. */
function align(golden: string[], recording: string[]): Edit[] {
  let start = 0;
  while (start < golden.length && start < recording.length && golden[start] === recording[start]) start++;
  let gEnd = golden.length;
  let rEnd = recording.length;
  while (gEnd > start && rEnd > start && golden[gEnd - 1] === recording[rEnd - 1]) {
    gEnd--;
    rEnd--;
  }
  const n = gEnd - start;
  const m = rEnd - start;
  const middle: Edit[] = [];
  if ((n + 1) * (m + 1) <= MATCH_CELLS) {
    const width = m + 1;
    const lcs = new Uint32Array((n + 1) * width);
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i * width + j] =
          golden[start + i] === recording[start + j]
            ? (lcs[(i + 1) * width + j + 1] as number) + 1
            : Math.max(lcs[(i + 1) * width + j] as number, lcs[i * width + j + 1] as number);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && golden[start + i] === recording[start + j])
        middle.push({ op: 'same', g: start + i++, r: start + j++ });
      else if (
        j < m &&
        (i === n || (lcs[i * width + j + 1] as number) >= (lcs[(i + 1) * width + j] as number))
      )
        middle.push({ op: 'extra', r: start + j++ });
      else middle.push({ op: 'missing', g: start + i++ });
    }
  } else {
    for (let k = 0; k < Math.max(n, m); k++)
      middle.push(
        k >= n
          ? { op: 'extra', r: start + k }
          : k >= m
            ? { op: 'missing', g: start + k }
            : { op: 'changed', g: start + k, r: start + k },
      );
  }
  const edits: Edit[] = [];
  for (let k = 0; k < start; k++) edits.push({ op: 'same', g: k, r: k });
  edits.push(...pairChanges(middle));
  for (let k = 0; k < golden.length - gEnd; k++) edits.push({ op: 'same', g: gEnd + k, r: rEnd + k });
  return edits;
}

/** A run of requests only in the golden beside a run only in the recording: changed, pairwise. */
function pairChanges(edits: Edit[]): Edit[] {
  const out: Edit[] = [];
  let k = 0;
  while (k < edits.length) {
    const missing: number[] = [];
    const extra: number[] = [];
    while (k < edits.length && (edits[k]?.op === 'missing' || edits[k]?.op === 'extra')) {
      const edit = edits[k++] as Edit;
      if (edit.op === 'missing') missing.push(edit.g);
      else if (edit.op === 'extra') extra.push(edit.r);
    }
    const pairs = Math.min(missing.length, extra.length);
    for (let p = 0; p < pairs; p++)
      out.push({ op: 'changed', g: missing[p] as number, r: extra[p] as number });
    for (const g of missing.slice(pairs)) out.push({ op: 'missing', g });
    for (const r of extra.slice(pairs)) out.push({ op: 'extra', r });
    if (k < edits.length) out.push(edits[k++] as Edit);
  }
  return out;
}

/**
 * The differences between a golden recording and a new one, as lines a person reads in a CI
 * log; empty when they match. Requests are paired in order, so one extra request (a double
 * click) shows as one extra line, not as every later request differing.
 */
export function compareRequests(golden: GoldenRequest[], recording: GoldenRequest[]): string[] {
  const edits = align(
    golden.map((g) => stableStringify(g)),
    recording.map((r) => stableStringify(r)),
  );
  const lines: string[] = [];
  for (const edit of edits) {
    if (edit.op === 'same') continue;
    if (edit.op === 'missing') {
      lines.push(
        `- golden ${requestLine(golden[edit.g] as GoldenRequest, edit.g + 1)}: not in the recording`,
      );
      continue;
    }
    if (edit.op === 'extra') {
      lines.push(
        `+ recording ${requestLine(recording[edit.r] as GoldenRequest, edit.r + 1)}: not in the golden`,
      );
      continue;
    }
    const g = golden[edit.g] as GoldenRequest;
    const r = recording[edit.r] as GoldenRequest;
    lines.push(`~ golden ${requestLine(g, edit.g + 1)}`);
    lines.push(`  recording ${requestLine(r, edit.r + 1)}`);
    for (const line of fieldDiff(g, r, '')) lines.push(`      ${line}`);
  }
  return lines;
}
