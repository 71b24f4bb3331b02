// The workspace the console shows (docs/contract.md §15): named in the page's address as
// ?workspace=<name>, so a shared address opens the same one; without it, default. Every console
// API request and the event stream carry it.
import { DEFAULT_WORKSPACE } from '../../../shared/workspaceKey';

const PARAM = 'workspace';

/** The workspace named in the page's address, or default. */
export function shownWorkspace(
  search: string = (globalThis as { location?: { search: string } }).location?.search ?? '',
): string {
  return (new URLSearchParams(search).get(PARAM) ?? DEFAULT_WORKSPACE).toLowerCase() || DEFAULT_WORKSPACE;
}

/** A console API path with the shown workspace added to its query (none for default). */
export function inShownWorkspace(path: string, search?: string): string {
  const name = shownWorkspace(search);
  if (name === DEFAULT_WORKSPACE) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${PARAM}=${encodeURIComponent(name)}`;
}

/** The page's address for another workspace: the same screen, that workspace (default: none named). */
export function addressOfWorkspace(
  name: string,
  location: { pathname: string; search: string; hash: string },
): string {
  const params = new URLSearchParams(location.search);
  if (name === DEFAULT_WORKSPACE) params.delete(PARAM);
  else params.set(PARAM, name);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}${location.hash}`;
}
