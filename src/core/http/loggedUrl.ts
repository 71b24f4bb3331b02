/** What the log shows in place of the console token (docs/decisions.md, "The request log keeps headers, never a secret"). */
export const REDACTED = 'REDACTED';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * A path or a whole URL (a Referer) with the value of every `token` query parameter replaced, as
 * the console's is given once as ?token=…: request lines and the request log are read and copied
 * by people who must not learn it. A name spelt with percent-escapes is the same parameter.
 */
export function withoutToken(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  // Without a percent-escape a name is `token` only as those letters: most queries (a list's
  // ?status=…&per_page=…) are then returned as they are, unsplit, on every logged request.
  if (!url.includes('%', query) && !url.includes('token', query)) return url;
  const hash = url.indexOf('#', query);
  const end = hash === -1 ? url.length : hash;
  const pairs = url.slice(query + 1, end).split('&');
  const kept = pairs.map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    return equals !== -1 && decodedName(name) === 'token' ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, query + 1)}${kept.join('&')}${url.slice(end)}`;
}
