import type { SandboxCore } from './sandboxCore';

/**
 * One line for the start when the newest link's checkout url is on another origin than this run's
 * public base URL: those links' urls never change (docs/decisions.md, "A link's url never
 * changes"), so their checkout pages answer only where they were made. Null when they match.
 */
export function checkoutOriginNotice(core: SandboxCore): string | null {
  const newest = core.store.state.links.list({ offset: 0, limit: 1 }).links[0];
  if (!newest) return null;
  const made = originOf(newest.url);
  const now = originOf(core.publicBaseUrl());
  if (made === null || now === null || made === now) return null;
  return `Checkout URLs of links made earlier point at ${made}, but this run serves ${now}, so those pages do not open; to keep them working, start on that origin again (--port, a preferred port in Settings → Server, or --public-url).`;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
