import { isIP } from 'node:net';

const ALWAYS_ALLOWED = new Set(['localhost', 'host.docker.internal']);

/** The host name in a Host header, without its port; IPv6 literals lose their brackets. */
export function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

/**
 * docs/contract.md §10, against DNS rebinding: a page on evil.example that re-points its name at
 * 127.0.0.1 still sends "Host: evil.example", and is refused.
 */
export function createHostCheck(extraHosts: readonly string[]): (header: string | undefined) => boolean {
  const extra = new Set(extraHosts.map((h) => h.toLowerCase()));
  return (header) => {
    if (header === undefined) return true;
    const name = hostName(header);
    return isIP(name) !== 0 || ALWAYS_ALLOWED.has(name) || name.endsWith('.localhost') || extra.has(name);
  };
}
