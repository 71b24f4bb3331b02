import { WORKSPACE_NAME_PATTERN, WORKSPACE_NAME_WORDS } from '../../../shared/workspaceKey';
import { CONSOLE_COOKIE } from '../consoleToken';
import { operationIdFor } from './operationIds';
import { operations, type Json } from './schemaWalk';

export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'A test-mode secret key: sk_test_… (any, unless Settings lists api_keys).',
  },
  consoleToken: {
    type: 'apiKey',
    in: 'cookie',
    name: CONSOLE_COOKIE,
    description:
      'Only when the sandbox listens beyond loopback: the console token, set as this cookie once the console URL (…?token=…) is opened.',
  },
  consoleTokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: 'The console token given as ?token=… (it also sets the cookie).',
  },
} as const;

/** Loopback binds need no token (docs/contract.md §10), hence the empty alternative. */
const CONSOLE_SECURITY = [{}, { consoleToken: [] }, { consoleTokenQuery: [] }];
const API_SECURITY = [{ bearerAuth: [] }];

export const TAG_DESCRIPTIONS: Record<string, string> = {
  'Payment links': 'Create, retrieve, list and cancel payment links.',
  Sandbox: 'Sandbox-only operations: simulate payments, move the clock.',
  Console: "The QA console's own API (/_console/api): not part of the provider's API.",
  Webhooks: 'What the sandbox sends to your webhook endpoints, signed per Standard Webhooks.',
};

/** Every console route takes ?workspace= beside its own parameters (docs/console-api.md). */
const CONSOLE_WORKSPACE = {
  name: 'workspace',
  in: 'query',
  required: false,
  description: `the workspace to act on (${WORKSPACE_NAME_WORDS}, compared without case; default: default); one not made yet is 404`,
  schema: { type: 'string', pattern: WORKSPACE_NAME_PATTERN },
};

const isConsole = (path: string): boolean => path.startsWith('/_console/');
/** Paths under /_ other than the console's take requests from anyone (the inbox, docs/contract.md §12). */
const isOpen = (path: string): boolean => path.startsWith('/_') && !isConsole(path);
const METHOD_NOT_ALLOWED = {
  description: 'method_not_allowed: this path does not take that method; Allow lists those it does.',
};

/**
 * What every operation needs whether or not its route says it: an operationId, a tag declared at
 * the top, a description, its security (the console token on console routes, the bearer key on
 * the API's, none on /_inbox), ?workspace= on the console's, a 405 with Allow, a 413 and a 415
 * where a JSON body is read, a 4xx (the area's common errors when it lists
 * none). The errors fault rules add are documented in faultDocs.ts.
 */
export function completeOperations(doc: Json, errorSchema: Json): void {
  const tags = new Map<string, string>((doc.tags ?? []).map((t: Json) => [t.name, t.description]));
  const errorResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: structuredClone(errorSchema) } },
  });
  const usedIds = new Set<string>();
  for (const { method, path, op } of operations(doc)) {
    let id = op.operationId ?? operationIdFor(method, path);
    for (let n = 2; usedIds.has(id); n++) id = `${operationIdFor(method, path)}${n}`;
    usedIds.add(id);
    op.operationId = id;
    op.tags = op.tags?.length ? op.tags : [isConsole(path) ? 'Console' : 'Sandbox'];
    for (const tag of op.tags)
      if (!tags.has(tag)) tags.set(tag, TAG_DESCRIPTIONS[tag] ?? `${tag} operations.`);
    op.description ??= `${op.summary ?? id}.`;
    op.security ??= isConsole(path) ? CONSOLE_SECURITY : isOpen(path) ? [] : API_SECURITY;
    if (isConsole(path))
      op.parameters = [...(op.parameters ?? []), { $ref: '#/components/parameters/ConsoleWorkspace' }];
    const responses = (op.responses ??= {});
    if (!Object.keys(responses).some((s) => /^4/.test(s))) {
      if (!isOpen(path)) {
        responses['401'] = errorResponse(
          isConsole(path)
            ? 'console_token_required: bound beyond loopback, the console token was not given'
            : 'api_key_missing, api_key_invalid or api_key_live_mode',
        );
      }
      responses['421'] = errorResponse('host_not_allowed');
    }
    responses['405'] ??= errorResponse(METHOD_NOT_ALLOWED.description);
    // A body is read before any route sees it: too large or not JSON, whatever the route.
    if (op.requestBody?.content?.['application/json']) {
      responses['413'] ??= errorResponse('body_too_large');
      responses['415'] ??= errorResponse('unsupported_media_type');
    }
    for (const response of Object.values<Json>(responses)) {
      if (!response.description || response.description === 'Default Response')
        response.description = 'Success.';
    }
  }
  doc.tags = [...tags].map(([name, description]) => ({ name, description }));
  doc.components = {
    ...doc.components,
    parameters: { ...doc.components?.parameters, ConsoleWorkspace: CONSOLE_WORKSPACE },
  };
}
