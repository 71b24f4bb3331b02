// "Copy as curl" for a message an inbox received: a shell command that sends the same raw body
// with the same headers again. The console copies it; the core's "Forward to…" sends the same
// headers (core/inbox/inboxForward.ts), so both leave out the same ones.
import { CREDENTIAL_HEADERS } from './credentialHeaders';
import { shellQuote as quoted } from './curlCommand';
import { NOT_COPIED } from './resentHeaders';
import type { InboxMessage } from './types';

/**
 * The headers as received, less those of the old connection and the credentials the inbox removed
 * (their marker would go out as a Cookie or an Authorization).
 */
export function replayableHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !NOT_COPIED.has(name) && !CREDENTIAL_HEADERS.has(name)),
  );
}

/** UTF-8 text as base64, in the browser as in Node (no Buffer there). */
function base64Of(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Headers curl adds of its own accord, and the empty -H that stops it when the message had none. */
const CURL_ADDS = ['accept', 'user-agent', 'content-type', 'expect'];

/**
 * The command, for a POSIX shell: the body goes on curl's standard input from printf (a shell
 * builtin, so a 256 KiB body is no argument too long), through `base64 -d` when it is not UTF-8
 * text. It sends to `url` (the inbox's own address, with the query string, unless given another).
 */
export function inboxCurlCommand(message: InboxMessage, url: string): string {
  const headers = replayableHeaders(message.headers);
  const lines = [`curl -sS -X ${message.method} ${quoted(url)}`];
  for (const [name, value] of Object.entries(headers))
    lines.push(value === '' ? `-H ${quoted(`${name};`)}` : `-H ${quoted(`${name}: ${value}`)}`);
  for (const name of CURL_ADDS) if (!(name in headers)) lines.push(`-H ${quoted(`${name}:`)}`);
  lines.push('--data-binary @-');
  const binary = message.body_encoding === 'base64' || message.body.includes('\0');
  const body = message.body_encoding === 'utf8' && binary ? base64Of(message.body) : message.body;
  const feed = binary ? `printf '%s' ${quoted(body)} | base64 -d | ` : `printf '%s' ${quoted(body)} | `;
  return feed + lines.join(' \\\n  ');
}
