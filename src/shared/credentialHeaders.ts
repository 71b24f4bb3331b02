// Credentials a request to an inbox carried, which the sandbox never keeps (docs/contract.md §12).
// A browser adds the console's cookie (and any Authorization it saved) to a page's POST on its own,
// and an inbox is read by anyone holding an sk_test_ key. The core removes the values and keeps the
// names, the console shows them as removed, and a copy sent again (Copy as curl, Forward to…)
// leaves them out: the marker is no credential.

/** Lower case, as Node names received headers. */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  'cookie',
  'authorization',
  'proxy-authorization',
]);

/** What stands for a removed value: that the header came, not what it held. */
export const REMOVED_CREDENTIAL = '[removed: the sandbox keeps no credentials]';

/** The headers with each credential's value replaced by the marker; the same object when none is held. */
export function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  let kept: Record<string, string> | undefined;
  for (const name of CREDENTIAL_HEADERS) {
    const value = headers[name];
    if (value === undefined || value === REMOVED_CREDENTIAL) continue;
    kept ??= { ...headers };
    kept[name] = REMOVED_CREDENTIAL;
  }
  return kept ?? headers;
}

/** The credentials removed from a message's headers, for saying that a copy goes without them. */
export const removedCredentials = (headers: Record<string, string>): string[] =>
  [...CREDENTIAL_HEADERS].filter((name) => headers[name] === REMOVED_CREDENTIAL);
