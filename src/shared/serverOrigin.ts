/**
 * Where the sandbox listens when neither --port nor PORT says (docs/contract.md §0), and so where
 * the CLI looks for it when nothing says otherwise.
 */
export const DEFAULT_PORT = 4545;

/**
 * Where a client on this machine reaches a server bound to `host`: a bind to every interface
 * (0.0.0.0, ::; a container's) is reached at 127.0.0.1. The server prints its origin so, and the
 * CLI finds it so from PLS_HOST (docs/contract.md §14).
 */
const reachableHost = (host: string): string =>
  host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : host;

/** `http://host:port` for a client on this machine, an IPv6 address in brackets. */
export function localOrigin(host: string, port: number): string {
  const reached = reachableHost(host);
  return `http://${reached.includes(':') && !reached.startsWith('[') ? `[${reached}]` : reached}:${port}`;
}
