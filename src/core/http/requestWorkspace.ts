import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEFAULT_WORKSPACE,
  isWorkspaceName,
  WORKSPACE_KEY_PREFIX,
  WORKSPACE_NAME_WORDS,
  workspaceName,
  workspaceOfKey,
} from '../../shared/workspaceKey';
import { SandboxError } from '../errors';
import type { SandboxCore } from '../sandboxCore';
import type { Workspaces } from '../workspaces/workspaces';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write that makes no workspace (DELETE /sandbox/workspace): one not made yet stays so. */
    makesNoWorkspace?: boolean;
  }
  interface FastifyRequest {
    /** The sandbox that serves this request: the one door a route reaches the core through. */
    readonly workspace: SandboxCore;
    /** Set by the door when the request is not `default`'s. */
    chosenWorkspace: SandboxCore | null;
    /** The workspace the request's key names (`default` unless the door chose another). */
    workspaceName: string;
    /** Every workspace of the server, for the routes about them (GET /sandbox/workspaces). */
    readonly workspaces: Workspaces;
  }
}

/** Methods that change nothing: a read of a workspace not made yet makes none (§15). */
const READS = new Set(['GET', 'HEAD']);

/**
 * The one door (docs/architecture.md): which sandbox serves a request. `request.workspace` is the
 * one the door chose, else `default`; a getter, so a request that never asks pays nothing.
 */
export function requestWorkspace(app: FastifyInstance, workspaces: Workspaces): void {
  const fallback = workspaces.defaultWorkspace;
  app.decorateRequest('chosenWorkspace', null);
  app.decorateRequest('workspaceName', DEFAULT_WORKSPACE);
  app.decorateRequest('workspaces', {
    getter() {
      return workspaces;
    },
  });
  app.decorateRequest('workspace', {
    getter(this: FastifyRequest) {
      return this.chosenWorkspace ?? fallback;
    },
  });
}

/**
 * The API's door (docs/contract.md §15), once the key is known: its workspace serves the request.
 * A write to a workspace not made yet makes it first (the promise, when there is one to wait for);
 * a read of one sees an empty sandbox and makes nothing. `default`'s requests pass with one string
 * test. A workspace key without a valid name is refused.
 */
export function chooseByKey(workspaces: Workspaces, request: FastifyRequest): Promise<void> | undefined {
  const found = workspaceOfKey(request.apiKey as string);
  if ('problem' in found) throw new SandboxError('api_key_invalid', found.problem);
  if (found.name === DEFAULT_WORKSPACE) return undefined;
  request.workspaceName = found.name;
  const made = workspaces.get(found.name);
  if (made) {
    request.chosenWorkspace = made;
    return undefined;
  }
  // In the data folder and not open yet (the server opens them after it listens): opened first.
  const waiting = workspaces.whenOpen(found.name);
  if (waiting)
    return waiting.then(
      (workspace) => {
        request.chosenWorkspace = workspace;
      },
      (err: unknown) => {
        if (request.routeOptions.config.makesNoWorkspace !== true) throw err;
      },
    );
  const damage = workspaces.damage(found.name);
  // A damaged workspace can still be removed, which is how it is mended.
  if (damage && request.routeOptions.config.makesNoWorkspace !== true) throw damage;
  const makes = !READS.has(request.method) && request.routeOptions.config.makesNoWorkspace !== true;
  const opening = makes ? workspaces.make(found.name) : workspaces.blank();
  return opening.then((workspace) => {
    request.chosenWorkspace = workspace;
  });
}

/**
 * The workspace a checkout URL names (`?workspace=`, read from the query) when it holds the link:
 * a URL the sandbox gave, found at once. A name that is wrong or holds no such link is ignored.
 */
function linkWorkspaceNamed(
  workspaces: Workspaces,
  request: FastifyRequest,
  id: string,
): { name: string; workspace: SandboxCore } | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const given = query?.workspace;
  if (typeof given !== 'string' || !isWorkspaceName(given)) return undefined;
  const name = workspaceName(given);
  const workspace = workspaces.get(name);
  return workspace?.links.get(id) ? { name, workspace } : undefined;
}

/**
 * The checkout page's door: it takes no key, so the link's own workspace serves it (§15). Just
 * after a start, a link in a workspace not open yet is looked for again once they all are.
 */
export function chooseByLink(workspaces: Workspaces, request: FastifyRequest): Promise<void> | undefined {
  const given = (request.params as { id?: string }).id;
  if (given === undefined) return undefined;
  const id = given.toLowerCase();
  const named = linkWorkspaceNamed(workspaces, request, id);
  if (named) {
    request.chosenWorkspace = named.workspace;
    request.workspaceName = named.name;
    return undefined;
  }
  const choose = (found: SandboxCore | undefined): void => {
    request.chosenWorkspace = found ?? null;
    if (found) request.workspaceName = found.name;
  };
  const found = workspaces.holding(id);
  if (found || !workspaces.stillOpening) {
    choose(found);
    return undefined;
  }
  return workspaces.opened().then(() => choose(workspaces.holding(id)));
}

/**
 * The inbox's door: it takes no key, so the workspace whose delivery or endpoint check is sending
 * this webhook-id right now receives it (§15); any other sender's message is `default`'s.
 */
export function chooseBySender(workspaces: Workspaces, request: FastifyRequest): void {
  const id = request.headers['webhook-id'];
  const sender = workspaces.defaultWorkspace.sending.of(typeof id === 'string' ? id : undefined);
  if (sender === undefined) return;
  const found = workspaces.get(sender);
  if (!found) return;
  request.chosenWorkspace = found;
  request.workspaceName = sender;
}

/**
 * The console's door: `?workspace=<name>`, taken out of the query as ?token= is (every console
 * route takes it, none as a parameter of its own), else `default`. The console never makes a
 * workspace: a name not made is 404.
 */
export function chooseByQuery(workspaces: Workspaces, request: FastifyRequest): Promise<void> | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  if (query === undefined || !('workspace' in query)) return;
  const given = query.workspace;
  delete query.workspace;
  if (typeof given !== 'string' || !isWorkspaceName(given))
    throw new SandboxError(
      'parameter_invalid',
      `workspace must be a workspace's name, ${WORKSPACE_NAME_WORDS}; got ${JSON.stringify(given)}.`,
      'workspace',
    );
  const name = workspaceName(given);
  request.workspaceName = name;
  const found = workspaces.get(name);
  const waiting = found ? undefined : workspaces.whenOpen(name);
  if (waiting)
    return waiting.then((workspace) => {
      request.chosenWorkspace = workspace;
    });
  const damage = found ? undefined : workspaces.damage(name);
  if (damage) throw damage;
  if (!found)
    throw new SandboxError(
      'resource_not_found',
      `No workspace "${name}" yet: a workspace is made by the first write with its key ${WORKSPACE_KEY_PREFIX}${name}, and the console never makes one.`,
      'workspace',
    );
  request.chosenWorkspace = found;
  return undefined;
}
