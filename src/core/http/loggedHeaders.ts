import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { CREDENTIAL_HEADERS, REMOVED_CREDENTIAL } from '../../shared/credentialHeaders';
import { rememberLast } from '../rememberLast';
import { keyPrefix } from './loggedSecrets';
import { withoutToken } from './loggedUrl';

/** A header value past this is cut: Node already bounds request headers (16 KiB), this bounds ours. */
const VALUE_LIMIT = 4096;
const HIDDEN = new Set(['cookie', 'set-cookie']);

/** The token after "Bearer", whether or not the sandbox accepts it. */
export function presentedKey(authorization: string | undefined): string | null {
  const match = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1] ?? null;
}

const redactedAuthorization = rememberLast((value) => {
  const key = presentedKey(value);
  if (key !== null) return `Bearer ${keyPrefix(key)}`;
  const scheme = value.trim().split(/\s+/)[0];
  return scheme ? `${scheme.slice(0, 12)} …` : '';
});

function flat(value: string | number | string[] | undefined): string | null {
  if (value === undefined) return null;
  const text = Array.isArray(value) ? value.join(', ') : String(value);
  return text.slice(0, VALUE_LIMIT);
}

/**
 * The headers as the Requests screen shows them: cookies left out, an API request's Authorization
 * cut to the key's prefix, any other credential (Proxy-Authorization, the Authorization a browser
 * sent an inbox) shown as removed, the console token taken out of a Referer (the console's page
 * was opened with ?token=…).
 */
export function loggedHeaders(
  headers: IncomingHttpHeaders | OutgoingHttpHeaders | Record<string, string | number | string[] | undefined>,
  { api }: { api: boolean },
): Record<string, string> {
  const kept: Record<string, string> = {};
  // for…in, not Object.entries: no array of pairs made for each request's two sets of headers.
  for (const name in headers) {
    const lower = name.toLowerCase();
    const text = flat(headers[name] as string | number | string[] | undefined);
    if (HIDDEN.has(lower) || text === null) continue;
    kept[lower] =
      lower === 'authorization' && api
        ? redactedAuthorization(text)
        : CREDENTIAL_HEADERS.has(lower)
          ? REMOVED_CREDENTIAL
          : lower === 'referer'
            ? withoutToken(text)
            : text;
  }
  return kept;
}
