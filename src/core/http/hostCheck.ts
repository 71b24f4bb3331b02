import { isIP } from 'node:net';

const ALWAYS_ALLOWED = new Set(['localhost', 'host.docker.internal']);

/** The host name in a Host header, without its port; IPv6 literals lose their brackets. */
export function hostName(header: string): string {
  const host = header.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon === -1 ? host : host.slice(0, colon);
}

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST_NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`, 'i');

/**
 * Why a name cannot be allowed as a Host (--allowed-host, PLS_ALLOWED_HOST), or null. The check
 * compares a header's name without its port, so a port or a space would make it match nothing.
 * Underscores are taken: a compose service may have one in its name.
 */
export function allowedHostProblem(name: string): string | null {
  if (isIP(name) !== 0) return null;
  if (name.length <= 253 && HOST_NAME.test(name)) return null;
  const port = /^(.+):\d+$/.exec(name);
  if (port && HOST_NAME.test(port[1] as string)) return `has a port: give the host name alone ("${port[1]}")`;
  return 'is not a host name: give letters, digits, - and _ in labels separated by dots, such as sandbox or app.example.test';
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
