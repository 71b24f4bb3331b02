import type { FastifyInstance } from 'fastify';
import type { SandboxCore } from '../sandboxCore';

declare module 'fastify' {
  interface FastifyRequest {
    /** The sandbox that serves this request: the one door a route reaches the core through. */
    readonly workspace: SandboxCore;
  }
}

/**
 * The one door (docs/architecture.md): which sandbox serves a request. Today there is one; with
 * workspaces (issue 30) it is the one the request's key names, so a route that reaches the core
 * through `request.workspace` is ready for them. A getter: a request that never asks pays nothing.
 */
export function requestWorkspace(app: FastifyInstance, core: SandboxCore): void {
  app.decorateRequest('workspace', {
    getter() {
      return core;
    },
  });
}
