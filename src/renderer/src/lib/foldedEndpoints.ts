// Which endpoint cards are folded to one line, remembered in this browser across reloads. By
// endpoint id: ids are unique across workspaces, so each workspace's cards keep their own folds.
const KEY = 'console.webhooks.folded';
/** Far more endpoints than a tester keeps; past it the oldest folds are forgotten. */
const KEEP = 500;

export function readFolded(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(saved)
      ? saved.filter((id): id is string => typeof id === 'string').slice(-KEEP)
      : [];
  } catch {
    return [];
  }
}

export function saveFolded(ids: readonly string[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids.slice(-KEEP)));
  } catch {
    // Storage may be unavailable: the folds then last until the window closes.
  }
}

/** `ids` with each of `changed` folded or unfolded; the newest folds last. */
export function withFolded(ids: readonly string[], changed: readonly string[], folded: boolean): string[] {
  const others = ids.filter((id) => !changed.includes(id));
  return folded ? [...others, ...changed] : others;
}
