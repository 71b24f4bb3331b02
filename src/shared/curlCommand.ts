import { REMOVED_CREDENTIAL } from './credentialHeaders';
import { NOT_COPIED } from './resentHeaders';

/** What a curl command repeats: one HTTP request. */
export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
}

/** POSIX shell single quotes: everything literal, a ' closes, escapes and reopens. */
export const shellQuote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * A bash/zsh command reproducing the request. The log keeps only a key's prefix, so the
 * Authorization header reads "Bearer $KEY" in double quotes: set KEY (export KEY=sk_test_…) first.
 */
export function curlCommand(request: CurlRequest): string {
  const parts = ['curl', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    // A removed credential's marker would go out as one.
    if (NOT_COPIED.has(name.toLowerCase()) || value === REMOVED_CREDENTIAL) continue;
    if (name.toLowerCase() === 'authorization' && /^Bearer /i.test(value)) {
      parts.push('-H', `"${name}: Bearer $KEY"`);
    } else {
      parts.push('-H', shellQuote(`${name}: ${value}`));
    }
  }
  if (request.body !== null && request.body !== '') parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}
