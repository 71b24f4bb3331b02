import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that only answers 405 for the methods a path lacks: not a method the path has. */
    answersMethodNotAllowed?: boolean;
    /** The methods a route really serves, when it takes others only to refuse them itself. */
    allow?: string[];
  }
}

const ALLOW_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

/** One path shape (`/links/:id` and `/links/:linkId` are one), with what its routes register. */
interface Shape {
  url: string;
  pattern: RegExp;
  /** Per segment, 0 for a fixed word and 1 for a parameter: the router prefers the word. */
  rank: number[];
  registered: Set<string>;
  allowed: Set<string>;
}

/**
 * Every route the app registers, by path shape, so a request whose path exists with another
 * method is told 405 and the methods it has (docs/decisions.md, "Errors and routes"), for any
 * route, including those added later. A path two shapes match (`/links/bulk` and `/links/:id`) belongs to the more specific one,
 * as the router's own choice does: `GET /links/bulk` is not a read of a link named "bulk".
 */
export class KnownRoutes {
  private readonly byShape = new Map<string, Shape>();

  add(url: string, methods: string[], allowed: string[] = methods): void {
    if (url.includes('*')) return;
    const segments = url.replace(/\/+$/, '').split('/');
    const key = segments.map((s) => (s.startsWith(':') ? ':' : s)).join('/');
    const shape = this.byShape.get(key) ?? {
      url,
      pattern: patternOf(segments),
      rank: segments.map((s) => (s.startsWith(':') ? 1 : 0)),
      registered: new Set<string>(),
      allowed: new Set<string>(),
    };
    for (const method of methods) shape.registered.add(method);
    for (const method of allowed) shape.allowed.add(method);
    this.byShape.set(key, shape);
  }

  /** The methods `path` answers, GET implying HEAD; empty when no route has the path. */
  allowed(path: string): string[] {
    let best: Shape | undefined;
    for (const shape of this.byShape.values()) {
      if (shape.pattern.test(path) && (!best || morePrecise(shape.rank, best.rank))) best = shape;
    }
    if (!best) return [];
    const methods = new Set(best.allowed);
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort((a, b) => ALLOW_ORDER.indexOf(a) - ALLOW_ORDER.indexOf(b));
  }

  /**
   * Each path shape with the methods a more general shape would take from it: `GET /links/bulk`
   * reaches `GET /links/:id` unless `/links/bulk` has a GET route of its own.
   */
  *shadowedMethods(): Generator<{ url: string; methods: string[] }> {
    for (const shape of this.byShape.values()) {
      const methods = new Set<string>();
      for (const general of this.byShape.values()) {
        if (general === shape || !general.pattern.test(shape.url)) continue;
        for (const m of general.registered) if (!shape.registered.has(m)) methods.add(m);
      }
      // A GET route brings its HEAD route with it.
      if (shape.registered.has('GET')) methods.delete('HEAD');
      if (methods.size > 0) yield { url: shape.url, methods: [...methods] };
    }
  }
}

const morePrecise = (a: number[], b: number[]): boolean => {
  const differs = a.findIndex((rank, i) => rank !== b[i]);
  return differs !== -1 && (a[differs] as number) < (b[differs] as number);
};

const patternOf = (segments: string[]): RegExp =>
  new RegExp(
    `^${segments
      .map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

/** Records the routes registered from now on; call before registering any. */
export function recordRoutes(app: FastifyInstance): KnownRoutes {
  const routes = new KnownRoutes();
  app.addHook('onRoute', (route) => {
    if (route.config?.answersMethodNotAllowed) return;
    routes.add(route.url, ([] as string[]).concat(route.method), route.config?.allow);
  });
  return routes;
}
