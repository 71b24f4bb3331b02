// A rotated-out webhook secret keeps signing until its expiry, written in sandbox time
// (docs/decisions.md, "The sandbox clock"); once the sandbox passes it, saying so would mislead.
export function previousSecretSignsUntil(previous: { expires_at: string }[], now: number): string | null {
  const latest = previous
    .map((secret) => secret.expires_at)
    .sort()
    .at(-1);
  return latest !== undefined && Date.parse(latest) > now ? latest : null;
}
