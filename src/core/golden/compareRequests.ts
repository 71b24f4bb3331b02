import stableStringify from 'fast-json-stable-stringify';
import type { GoldenRequest } from './recording';
import { RELATED_FIELDS, relationForms } from './relations';

/** Past this many cells the middle is paired by position instead (docs/decisions.md, "Scenarios and golden recordings"). */
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
function align(
  golden: string[],
  recording: string[],
  kinds: { golden: string[]; recording: string[] },
): Edit[] {
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
  } else middle.push(...nearestMatches(golden, recording, start, gEnd, rEnd));
  const edits: Edit[] = [];
  for (let k = 0; k < start; k++) edits.push({ op: 'same', g: k, r: k });
  edits.push(...pairChanges(middle, kinds));
  for (let k = 0; k < golden.length - gEnd; k++) edits.push({ op: 'same', g: gEnd + k, r: rEnd + k });
  return edits;
}

/** How far ahead the pairing of long recordings looks for a request's match. */
const LOOKAHEAD = 64;
/** How many requests in a row must match after a skip for it to be taken. */
const CONFIRM = 3;

/** The requests to skip on `other` before `one[i]` matches and the next ones match too; Infinity for none. */
function confirmedSkip(
  one: string[],
  i: number,
  oneEnd: number,
  other: string[],
  j: number,
  otherEnd: number,
): number {
  for (let skip = 1; skip <= LOOKAHEAD && j + skip < otherEnd; skip++) {
    let k = 0;
    while (k < CONFIRM && i + k < oneEnd && j + skip + k < otherEnd && one[i + k] === other[j + skip + k])
      k++;
    if (k === CONFIRM || (k > 0 && (i + k === oneEnd || j + skip + k === otherEnd))) return skip;
  }
  return Infinity;
}

/**
 * The pairing of recordings too long for a full match: where two requests differ, the nearest
 * match of either within the next LOOKAHEAD requests of the other side, else a change.
 */
function nearestMatches(
  golden: string[],
  recording: string[],
  g0: number,
  gEnd: number,
  rEnd: number,
): Edit[] {
  const edits: Edit[] = [];
  let g = g0;
  let r = g0;
  while (g < gEnd || r < rEnd) {
    if (g === gEnd) edits.push({ op: 'extra', r: r++ });
    else if (r === rEnd) edits.push({ op: 'missing', g: g++ });
    else if (golden[g] === recording[r]) edits.push({ op: 'same', g: g++, r: r++ });
    else {
      const skipR = confirmedSkip(golden, g, gEnd, recording, r, rEnd);
      const skipG = confirmedSkip(recording, r, rEnd, golden, g, gEnd);
      if (skipR === Infinity && skipG === Infinity)
        edits.push({ op: 'missing', g: g++ }, { op: 'extra', r: r++ });
      else if (skipR <= skipG) for (let k = 0; k < skipR; k++) edits.push({ op: 'extra', r: r++ });
      else for (let k = 0; k < skipG; k++) edits.push({ op: 'missing', g: g++ });
    }
  }
  return edits;
}

/**
 * A run of requests only in the golden beside a run only in the recording: a request of the one
 * and a request of the other to the same method and path are one request changed; the rest are
 * missing or extra. In the recording's order.
 */
function pairChanges(edits: Edit[], kinds: { golden: string[]; recording: string[] }): Edit[] {
  const out: Edit[] = [];
  let k = 0;
  while (k < edits.length) {
    const run: Edit[] = [];
    while (k < edits.length && (edits[k]?.op === 'missing' || edits[k]?.op === 'extra'))
      run.push(edits[k++] as Edit);
    const extra = run.flatMap((e) => (e.op === 'extra' ? [e.r] : []));
    const firstG = run.find((e) => e.op === 'missing');
    const shift = (extra[0] ?? 0) - (firstG?.op === 'missing' ? firstG.g : 0);
    const paired: (Edit & { at: number })[] = [];
    const used = new Set<number>();
    for (const edit of run) {
      if (edit.op !== 'missing') continue;
      const r = extra.find((x) => !used.has(x) && kinds.recording[x] === kinds.golden[edit.g]);
      if (r === undefined) paired.push({ ...edit, at: edit.g + shift });
      else {
        used.add(r);
        paired.push({ op: 'changed', g: edit.g, r, at: r });
      }
    }
    for (const r of extra) if (!used.has(r)) paired.push({ op: 'extra', r, at: r });
    out.push(...paired.sort((x, y) => x.at - y.at).map(({ at: _at, ...edit }) => edit as Edit));
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
  const goldenForms = relationForms(golden);
  const recordingForms = relationForms(recording);
  const kindOf = (form: Record<string, unknown>) => `${String(form.method)} ${String(form.path)}`;
  const edits = align(
    goldenForms.map((g) => stableStringify(g)),
    recordingForms.map((r) => stableStringify(r)),
    { golden: goldenForms.map(kindOf), recording: recordingForms.map(kindOf) },
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
    const differs = fieldDiff(goldenForms[edit.g], recordingForms[edit.r], '');
    if (differs.length === 0) continue;
    lines.push(`~ golden ${requestLine(g, edit.g + 1)}`);
    lines.push(`  recording ${requestLine(r, edit.r + 1)}`);
    for (const line of differs) {
      const field = RELATED_FIELDS.find((f) => line.startsWith(`${f}:`));
      const shown = field
        ? `${field}: golden ${show(g[field] ?? null)} (${relation(goldenForms[edit.g], field)}), recording ${show(r[field] ?? null)} (${relation(recordingForms[edit.r], field)})`
        : line;
      lines.push(`      ${shown}`);
    }
  }
  return lines;
}

const relation = (form: Record<string, unknown> | undefined, field: string): string =>
  typeof form?.[field] === 'string' ? (form[field] as string) : 'none';
