import type { FastifyInstance } from 'fastify';
import { consoleClockRoutes } from './consoleClockRoutes';
import { consoleDataRoutes } from './consoleDataRoutes';
import { consoleDeliveryRoutes } from './consoleDeliveryRoutes';
import { consoleEndpointCheckRoutes } from './consoleEndpointCheckRoutes';
import { consoleEventsRoute } from './consoleEventsRoute';
import { consoleFaultRoutes } from './consoleFaultRoutes';
import { consoleInboxRoutes } from './consoleInboxRoutes';
import { consoleLinkBatchRoutes } from './consoleLinkBatchRoutes';
import { consoleLinkRoutes } from './consoleLinkRoutes';
import { consoleLinkViewRoutes } from './consoleLinkViewRoutes';
import { consoleRequestReplayRoutes } from './consoleRequestReplayRoutes';
import { consoleRequestRoutes } from './consoleRequestRoutes';
import { consoleSettingsRoutes } from './consoleSettingsRoutes';
import { consoleWebhookRoutes } from './consoleWebhookRoutes';
import { consoleWorkspaceRoutes } from './consoleWorkspaceRoutes';

/** Where the console's API lives; its modules name their paths below it. */
export const CONSOLE_API_PREFIX = '/_console/api';

/**
 * What each console API module is: its routes, added to the scope it is given. It holds no sandbox:
 * each request reaches its own through `request.workspace` (requestWorkspace.ts).
 */
export type ConsoleRouteModule = (app: FastifyInstance) => void;

export const CONSOLE_ROUTE_MODULES: readonly ConsoleRouteModule[] = [
  consoleSettingsRoutes,
  consoleLinkRoutes,
  consoleLinkViewRoutes,
  consoleRequestRoutes,
  consoleRequestReplayRoutes,
  consoleWebhookRoutes,
  consoleEndpointCheckRoutes,
  consoleDeliveryRoutes,
  consoleEventsRoute,
  consoleDataRoutes,
  consoleInboxRoutes,
  consoleFaultRoutes,
  consoleClockRoutes,
  consoleLinkBatchRoutes,
  consoleWorkspaceRoutes,
];
