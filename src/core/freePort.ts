import { createServer } from 'node:net';

/** Whether a TCP port can be listened on at host right now. */
export function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The first free port above `taken`, so a busy default moves to a neighbour a person can
 * remember (4546 rather than some random 50123); null when the next `span` are all taken.
 */
export async function nextFreePort(host: string, taken: number, span = 100): Promise<number | null> {
  for (let port = taken + 1; port <= Math.min(65_535, taken + span); port++) {
    if (await portIsFree(host, port)) return port;
  }
  return null;
}
