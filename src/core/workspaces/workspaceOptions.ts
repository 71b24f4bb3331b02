import { DEFAULT_WORKSPACE, WORKSPACE_PLACEHOLDER, withWorkspaceName } from '../../shared/workspaceKey';
import type { CoreOptions } from '../sandboxCore';

const templated = (url: string): boolean => url.includes(WORKSPACE_PLACEHOLDER);

/**
 * The start options as workspace `name` opens with them: an endpoint of the configuration file or
 * of --webhook-url whose URL holds {workspace} is made in every workspace, with its name filled in;
 * any other only in default, so workers' webhooks never meet at one receiver by accident.
 */
export function workspaceOptions<O extends CoreOptions>(name: string, options: O): O {
  const kept = (url: string): boolean => name === DEFAULT_WORKSPACE || templated(url);
  const seeds = (options.webhookEndpoints ?? [])
    .filter((seed) => kept(seed.url))
    .map((seed) => ({ ...seed, url: withWorkspaceName(seed.url, name) }));
  const { configuration } = options;
  const endpoints = configuration?.endpoints
    ?.filter((endpoint) => kept(endpoint.url))
    .map((endpoint) => ({ ...endpoint, url: withWorkspaceName(endpoint.url, name) }));
  return {
    ...options,
    webhookEndpoints: seeds,
    ...(configuration ? { configuration: { ...configuration, ...(endpoints ? { endpoints } : {}) } } : {}),
  };
}
