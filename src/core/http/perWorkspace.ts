import type { FastifyInstance } from 'fastify';
import type { SandboxCore } from '../sandboxCore';

/**
 * What the HTTP face keeps for each sandbox it serves (an event stream's subscribers, the long
 * polls to end at shutdown), made when a request first needs it, and closed once for every sandbox
 * that has one when the server closes: a route holds no sandbox of its own (the one door,
 * docs/architecture.md), so it asks for its part of the request's one.
 */
export function perWorkspace<T>(
  app: FastifyInstance,
  make: (workspace: SandboxCore) => T,
  close: (made: T) => void,
): (workspace: SandboxCore) => T {
  const made = new Map<SandboxCore, T>();
  app.addHook('preClose', (done) => {
    for (const each of made.values()) close(each);
    done();
  });
  return (workspace) => {
    let mine = made.get(workspace);
    if (mine === undefined) {
      mine = make(workspace);
      made.set(workspace, mine);
    }
    return mine;
  };
}
