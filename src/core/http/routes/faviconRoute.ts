import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PACKAGE_ROOT } from '../../packageRoot';

/** The app's icon, shipped in resources/ (package.json "files"), read once: 4 KB. */
const ICON = readFileSync(join(PACKAGE_ROOT, 'resources', 'favicon.ico'));

/**
 * /favicon.ico for the console and the checkout page: browsers ask for it on every page, and a 404
 * shows as an error in their console. A day's cache keeps it from being asked for on every load.
 */
export function faviconRoute(app: FastifyInstance): void {
  app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
    reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(ICON),
  );
}
