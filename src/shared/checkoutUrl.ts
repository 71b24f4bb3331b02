import { DEFAULT_WORKSPACE } from './workspaceKey';

/**
 * A link's checkout page, and its Pay / Decline actions (`action`: '/pay' or '/decline'), as a path
 * (docs/contract.md §15): a link of any workspace but `default` carries `?workspace=<name>`, so the
 * page finds it at once, and a fixture link, made with one declared id in every workspace, is the
 * one of the workspace that gave the URL.
 */
export function checkoutPath(id: string, workspace: string = DEFAULT_WORKSPACE, action = ''): string {
  const path = `/pay/${id}${action}`;
  return workspace === DEFAULT_WORKSPACE ? path : `${path}?workspace=${workspace}`;
}

/** A link's `url`: its checkout page under the sandbox's public base URL. */
export const checkoutUrl = (publicBaseUrl: string, id: string, workspace?: string): string =>
  `${publicBaseUrl.replace(/\/+$/, '')}${checkoutPath(id, workspace)}`;
