import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that only answers 405 for the methods a path lacks: not a method the path has. */
    answersMethodNotAllowed?: boolean;
  }
}

interface Known {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * Every route the app registers, by path, so a request whose path exists with another method is
 * told 405 and the methods it has (contract §3), for any route, including those added later.
 */
export class KnownRoutes {
  private readonly byUrl = new Map<string, Known>();

  add(url: string, methods: string[]): void {
    if (url.includes('*')) return;
    const known = this.byUrl.get(url) ?? { pattern: patternOf(url), methods: new Set<string>() };
    for (const method of methods) known.methods.add(method);
    this.byUrl.set(url, known);
  }

  /** The methods `path` answers, GET implying HEAD; empty when no route has the path. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const known of this.byUrl.values()) {
      if (known.pattern.test(path)) for (const m of known.methods) methods.add(m);
    }
    if (methods.has('GET')) methods.add('HEAD');
    const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
    return [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
}

const patternOf = (url: string): RegExp =>
  new RegExp(
    `^${url
      .replace(/\/+$/, '')
      .split('/')
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

/** Records the routes registered from now on; call before registering any. */
export function recordRoutes(app: FastifyInstance): KnownRoutes {
  const routes = new KnownRoutes();
  app.addHook('onRoute', (route) => {
    if (route.config?.answersMethodNotAllowed) return;
    routes.add(route.url, ([] as string[]).concat(route.method));
  });
  return routes;
}
