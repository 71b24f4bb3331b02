// One example API key everywhere the console shows a request to copy, so the empty states and
// "Connect your app" never disagree: a key of the workspace shown (docs/contract.md §15), the
// first accepted one when keys are restricted.
import { DEFAULT_WORKSPACE, WORKSPACE_KEY_PREFIX, workspaceOfKey } from './workspaceKey';

/** Any well-formed sk_test_ key works unless the accepted keys are restricted. */
export const EXAMPLE_API_KEY = 'sk_test_sandbox';

const names = (key: string, workspace: string): boolean => {
  const found = workspaceOfKey(key);
  return 'name' in found && found.name === workspace;
};

/** The key to show for `workspace`: an accepted one that names it, else the one that would. */
export const exampleKey = (apiKeys: readonly string[] | undefined, workspace = DEFAULT_WORKSPACE): string =>
  apiKeys?.find((key) => names(key, workspace)) ??
  (workspace === DEFAULT_WORKSPACE ? EXAMPLE_API_KEY : `${WORKSPACE_KEY_PREFIX}${workspace}`);
