/**
 * Compares an answer with the expected one, field by field, and says what differs in lines a
 * person reads in a CI log. Ids and times differ on every run, so they are not compared: any
 * field named id or ending in _id (but reference_id, which the client chose), url (it holds the
 * id), timestamp, or ending in _at.
 */
/** A field holding an id the sandbox made: reference_id is the client's own. */
export const isIdKey = (key: string): boolean =>
  key === 'id' || (key.endsWith('_id') && key !== 'reference_id');

const UNCOMPARED = (key: string): boolean =>
  isIdKey(key) || key === 'url' || key === 'timestamp' || key.endsWith('_at');

const show = (value: unknown): string => {
  const text = JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/**
 * Differences between `expected` and `actual`. `exact` also reports fields the answer has that
 * the expectation lacks (an exported step); otherwise the expectation is a subset.
 */
export function answerDiff(expected: unknown, actual: unknown, exact: boolean, path = 'body'): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${show(actual)}`];
    const lines: string[] = [];
    if (expected.length !== actual.length)
      lines.push(`${path}: expected ${expected.length} items, got ${actual.length}`);
    const shared = Math.min(expected.length, actual.length);
    for (let i = 0; i < shared; i++)
      lines.push(...answerDiff(expected[i], actual[i], exact, `${path}[${i}]`));
    return lines;
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${path}: expected an object, got ${show(actual)}`];
    const have = actual as Record<string, unknown>;
    const lines: string[] = [];
    for (const [key, value] of Object.entries(expected)) {
      if (UNCOMPARED(key)) continue;
      if (!(key in have)) lines.push(`${path}.${key}: missing (expected ${show(value)})`);
      else lines.push(...answerDiff(value, have[key], exact, `${path}.${key}`));
    }
    if (exact)
      for (const key of Object.keys(have))
        if (!UNCOMPARED(key) && !(key in expected))
          lines.push(`${path}.${key}: not expected (got ${show(have[key])})`);
    return lines;
  }
  return Object.is(expected, actual) ? [] : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
}
