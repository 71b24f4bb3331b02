import { API_KEY_WORDS } from './apiKey';

// docs/contract.md §15: which workspace an API key belongs to, for every place that asks (the
// server's door, the CLI, the MCP server, the test API).

/** A key that names a workspace starts so, `ws_` in lower case exactly. */
export const WORKSPACE_KEY_PREFIX = 'sk_test_ws_';
/** Where every other key's requests go: the sandbox as it was before workspaces. */
export const DEFAULT_WORKSPACE = 'default';
export const WORKSPACE_NAME_MAX = 64;
/** The most --max-workspaces may allow. */
export const MAX_WORKSPACES_LIMIT = 100_000;
/** A name as given, in any letter case; the schemas' pattern and the check below. */
export const WORKSPACE_NAME_PATTERN = `^[A-Za-z0-9_]{1,${WORKSPACE_NAME_MAX}}$`;
const NAME = new RegExp(WORKSPACE_NAME_PATTERN);
/** How a name is said in an error or a schema's description. */
export const WORKSPACE_NAME_WORDS = `1 to ${WORKSPACE_NAME_MAX} letters, digits or _`;
/** What a workspace key looks like, in words. */
export const WORKSPACE_KEY_WORDS = `${WORKSPACE_KEY_PREFIX}<name>, the name ${WORKSPACE_NAME_WORDS} (compared without case)`;

/** A workspace's name as it is kept and shown: lower case, so `Alpha` and `alpha` are one. */
export const workspaceName = (name: string): string => name.toLowerCase();

/** Whether `name` could name a workspace (before it is lowered). */
export const isWorkspaceName = (name: string): boolean => NAME.test(name);

/** Every request of an `sk_test_` key that names no workspace is told this one object. */
const OF_DEFAULT: { readonly name: string } = Object.freeze({ name: DEFAULT_WORKSPACE });

/**
 * The workspace of a well-formed key (`isApiKey`): the name after `sk_test_ws_`, lowered, or
 * `default` for any other key; a problem, in words, for a workspace key without a valid name.
 */
export function workspaceOfKey(key: string): { name: string } | { problem: string } {
  if (!key.startsWith(WORKSPACE_KEY_PREFIX)) return OF_DEFAULT;
  const name = key.slice(WORKSPACE_KEY_PREFIX.length);
  if (isWorkspaceName(name)) return { name: workspaceName(name) };
  const shown = name.length > 12 ? `${name.slice(0, 12)}…` : name;
  return {
    problem: `${name === '' ? 'The key names no workspace' : `The workspace name "${shown}" is ${name.length} characters long`}: a key that starts ${WORKSPACE_KEY_PREFIX} names a workspace, as ${WORKSPACE_KEY_WORDS}. Any other key (${API_KEY_WORDS}) uses the workspace ${DEFAULT_WORKSPACE}.`,
  };
}

/** In an endpoint URL of the configuration file or --webhook-url, where each workspace's name goes. */
export const WORKSPACE_PLACEHOLDER = '{workspace}';

/** The URL with each {workspace} replaced by the name. */
export const withWorkspaceName = (url: string, name: string): string =>
  url.split(WORKSPACE_PLACEHOLDER).join(name);
