// Compare two webhooks (issue 33, docs/decisions.md "Compare two payloads"): their bodies field by
// field when both are JSON, their headers by name, and the same as text for Copy. Paths are written
// as `q=` takes them (shared/payloadSearch.ts), so a path read here can be searched for at once.
import diff from 'microdiff';

export type ChangeKind = 'changed' | 'added' | 'removed';

export interface FieldChange {
  path: string;
  kind: ChangeKind;
  /** The left side's value (absent when added). */
  before?: unknown;
  /** The right side's value (absent when removed). */
  after?: unknown;
}

export type BodyComparison =
  | { json: true; changes: FieldChange[] }
  /** Either body is not JSON: compared as text. */
  | { json: false; same: boolean };

export interface ComparedWebhook {
  label: string;
  headers: Record<string, string>;
  body: string;
}

export interface PayloadComparison {
  body: BodyComparison;
  headers: FieldChange[];
}

/** A path as the search box takes it: field names joined by dots, array items by index. */
const pathText = (path: (string | number)[]): string => path.map(String).join('.');

function parsed(body: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(body) };
  } catch {
    return undefined;
  }
}

const container = (value: unknown): value is Record<string, unknown> | unknown[] =>
  value !== null && typeof value === 'object';

function changes(before: unknown, after: unknown): FieldChange[] {
  if (!container(before) || !container(after) || Array.isArray(before) !== Array.isArray(after)) {
    return Object.is(before, after) ? [] : [{ path: '', kind: 'changed', before, after }];
  }
  return diff(before, after)
    .map((d): FieldChange => {
      const path = pathText(d.path);
      if (d.type === 'CREATE') return { path, kind: 'added', after: d.value };
      if (d.type === 'REMOVE') return { path, kind: 'removed', before: d.oldValue };
      return { path, kind: 'changed', before: d.oldValue, after: d.value };
    })
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function compareBodies(left: string, right: string): BodyComparison {
  const a = parsed(left);
  const b = parsed(right);
  if (!a || !b) return { json: false, same: left === right };
  return { json: true, changes: changes(a.value, b.value) };
}

/** Header names compared in lower case, as HTTP reads them. */
export function compareHeaders(left: Record<string, string>, right: Record<string, string>): FieldChange[] {
  const lower = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return changes(lower(left), lower(right));
}

export function comparePayloads(left: ComparedWebhook, right: ComparedWebhook): PayloadComparison {
  return { body: compareBodies(left.body, right.body), headers: compareHeaders(left.headers, right.headers) };
}

const shown = (value: unknown): string => JSON.stringify(value) ?? String(value);

/** One line per change: `~ data.status: "paid" → "failed"`, `+ path: value`, `- path: value`. */
export function changeLine(change: FieldChange): string {
  const path = change.path || '(the whole body)';
  if (change.kind === 'added') return `+ ${path}: ${shown(change.after)}`;
  if (change.kind === 'removed') return `- ${path}: ${shown(change.before)}`;
  return `~ ${path}: ${shown(change.before)} → ${shown(change.after)}`;
}

/** The comparison as plain text, for Copy: what a tester pastes into a bug report. */
export function comparisonText(
  left: ComparedWebhook,
  right: ComparedWebhook,
  result: PayloadComparison,
): string {
  const lines = [`Compared: ${left.label} → ${right.label}`, '', 'Body:'];
  if (!result.body.json) {
    lines.push(
      result.body.same
        ? '  the same (not JSON: compared as text)'
        : '  different (not JSON: compared as text)',
    );
  } else if (result.body.changes.length === 0) {
    lines.push('  the same');
  } else {
    for (const change of result.body.changes) lines.push(`  ${changeLine(change)}`);
  }
  lines.push('', 'Headers:');
  if (result.headers.length === 0) lines.push('  the same');
  for (const change of result.headers) lines.push(`  ${changeLine(change)}`);
  return `${lines.join('\n')}\n`;
}
