const PIECE = /(\\.|\[(?:\\.|[^\]])+\]|[^[\\{}+*?])(\{(\d+)(?:,\d*)?\}|[+*?])?/g;

/**
 * A string matching a simple pattern (literals, character classes, {n}, {n,m}, +, *, ?), such as
 * the export format's `^evt_[0-9a-f]{32}$`; undefined for anything it cannot build.
 */
export function patternExample(pattern: string): string | undefined {
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  if (/[()|]/.test(body.replace(/\\.|\[(?:\\.|[^\]])+\]/g, ''))) return undefined;
  let out = '';
  for (const m of body.matchAll(PIECE)) {
    const count = m[3] !== undefined ? Number(m[3]) : m[2] === '*' || m[2] === '?' ? 0 : 1;
    out += atom(m[1] as string).repeat(count);
  }
  return new RegExp(pattern).test(out) ? out : undefined;
}

function atom(piece: string): string {
  if (piece.startsWith('\\')) return piece === '\\d' ? '1' : piece === '\\s' ? ' ' : piece.slice(1);
  if (piece.startsWith('[')) {
    const inner = piece.slice(1, -1);
    return inner.startsWith('\\') ? atom(inner.slice(0, 2)) : (inner[0] ?? 'a');
  }
  return piece;
}
