// How the console names a webhook endpoint where a table has no room for its URL: the tester's own
// description, else the built-in inbox's name, else host:port/path cut in the middle. The full URL
// goes in a tooltip beside it (docs/decisions.md, "The console's Webhooks and Requests tables").

/** Longest name shown before the path is cut in the middle (the cell ellipsises the rest). */
const MAX_LENGTH = 36;

const INBOX_PATH = /^\/_inbox\/([A-Za-z0-9_-]{1,64})\/?$/;

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `url` is on the sandbox at `origin`: the same port on a loopback name counts as the same. */
function onSandbox(url: URL, origin: URL): boolean {
  if (url.host === origin.host) return true;
  return url.port === origin.port && LOOPBACK.has(url.hostname) && LOOPBACK.has(origin.hostname);
}

/** "a.example/…/hook": the host and the path's last segment stay, the middle goes first. */
function shorten(host: string, path: string): string {
  const whole = host + path;
  if (whole.length <= MAX_LENGTH) return whole;
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1);
  if (segments.length > 1 && last !== undefined) {
    const kept = `${host}/${segments[0]}/…/${last}`;
    if (kept.length <= MAX_LENGTH) return kept;
    return `${host}/…/${last}`;
  }
  return whole;
}

/**
 * The name an endpoint goes by in the console: `description` when the tester gave one, "Inbox
 * default" for the sandbox's own /_inbox/default, else host:port/path without the scheme or query.
 */
export function endpointName(url: string, options: { description?: string; origin: string }): string {
  const description = options.description?.trim();
  if (description) return description;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const inbox = INBOX_PATH.exec(parsed.pathname);
  if (inbox && onSandbox(parsed, new URL(options.origin))) return `Inbox ${inbox[1]}`;
  const path = parsed.pathname === '/' ? '' : parsed.pathname.replace(/\/$/, '');
  return shorten(parsed.host, path);
}
