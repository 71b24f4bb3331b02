// A file's size as a tester reads it: "840 kB", "12.4 MB".
export const formatBytes = (bytes: number): string =>
  bytes < 1_000_000
    ? `${Math.round(bytes / 1_000).toLocaleString('en')} kB`
    : `${(bytes / 1_000_000).toFixed(1)} MB`;
