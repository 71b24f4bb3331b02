/**
 * operationIds: the names generated clients give their methods. Routes named here keep a stable,
 * readable name; any other route gets one derived from its method and path, so a route added later
 * is never left without (and never collides with another).
 */
const NAMED: Record<string, string> = {
  'post /payment-links': 'createPaymentLink',
  'get /payment-links': 'listPaymentLinks',
  'get /payment-links/{id}': 'retrievePaymentLink',
  'post /payment-links/{id}/cancel': 'cancelPaymentLink',
  'post /sandbox/simulate': 'simulatePaymentEvent',
  'get /sandbox/clock': 'getSandboxClock',
  'post /sandbox/clock/advance': 'advanceSandboxClock',
  'post /sandbox/clock/freeze': 'freezeSandboxClock',
  'post /sandbox/clock/resume': 'resumeSandboxClock',
  'post /sandbox/clock/reset': 'resetSandboxClock',
  'get /sandbox/endpoints': 'listWebhookEndpoints',
  'post /sandbox/endpoints': 'createWebhookEndpoint',
  'get /sandbox/endpoints/{id}': 'retrieveWebhookEndpoint',
  'patch /sandbox/endpoints/{id}': 'updateWebhookEndpoint',
  'delete /sandbox/endpoints/{id}': 'deleteWebhookEndpoint',
  'get /sandbox/deliveries': 'listWebhookDeliveries',
  'get /sandbox/deliveries/{id}': 'retrieveWebhookDelivery',
  'post /sandbox/deliveries/{id}/resend': 'resendWebhookDelivery',
  'get /sandbox/events': 'listWebhookEvents',
  'post /sandbox/events/{id}/resend': 'resendWebhookEvent',
  'get /sandbox/logs': 'readSandboxLogs',
  'get /_console/api/settings': 'consoleGetSettings',
  'patch /_console/api/settings': 'consoleUpdateSettings',
  'get /_console/api/queue': 'consoleGetQueue',
  'post /_console/api/queue/pause': 'consolePauseQueue',
  'post /_console/api/queue/resume': 'consoleResumeQueue',
  'post /_console/api/links': 'consoleCreateLink',
  'get /_console/api/links': 'consoleListLinks',
  'get /_console/api/links/{id}': 'consoleRetrieveLink',
  'post /_console/api/links/{id}/simulate': 'consoleSimulateLink',
  'post /_console/api/links/{id}/cancel': 'consoleCancelLink',
  'get /_console/api/links/position': 'consoleLocateLink',
  'get /_console/api/requests': 'consoleListRequests',
  'get /_console/api/requests/{seq}': 'consoleRetrieveRequest',
  'get /_console/api/endpoints': 'consoleListEndpoints',
  'post /_console/api/endpoints': 'consoleCreateEndpoint',
  'get /_console/api/endpoints/{id}': 'consoleRetrieveEndpoint',
  'patch /_console/api/endpoints/{id}': 'consoleUpdateEndpoint',
  'delete /_console/api/endpoints/{id}': 'consoleDeleteEndpoint',
  'post /_console/api/endpoints/{id}/rotate-secret': 'consoleRotateEndpointSecret',
  'post /_console/api/endpoints/{id}/test': 'consoleSendTestEvent',
  'post /_console/api/endpoints/{id}/checks': 'consoleCheckEndpoint',
  'get /_console/api/endpoints/{id}/checks': 'consoleListEndpointChecks',
  'get /_console/api/endpoints/{id}/checks/{check_id}': 'consoleRetrieveEndpointCheck',
  'get /_console/api/deliveries': 'consoleListDeliveries',
  'delete /_console/api/deliveries': 'consoleClearDeliveries',
  'get /_console/api/deliveries/{id}': 'consoleRetrieveDelivery',
  'delete /_console/api/deliveries/{id}': 'consoleDeleteDelivery',
  'post /_console/api/deliveries/{id}/resend': 'consoleResendDelivery',
  'post /_console/api/deliveries/{id}/retry': 'consoleRetryDelivery',
  'get /_console/api/events': 'consoleStreamEvents',
  'get /_console/api/server': 'consoleGetServer',
  'get /_console/api/store/export': 'consoleExportStore',
  'post /_console/api/store/reset': 'consoleResetStore',
  'post /_console/api/store/import': 'consoleImportStore',
  'post /_console/api/store/import/check': 'consoleCheckImport',
  'post /sandbox/reset': 'resetSandbox',
  'get /sandbox/workspace': 'getWorkspace',
  'get /sandbox/workspaces': 'listWorkspaces',
  'delete /sandbox/workspace': 'deleteWorkspace',
};

const VERBS: Record<string, string> = {
  get: 'get',
  post: 'create',
  put: 'replace',
  patch: 'update',
  delete: 'delete',
};

const words = (segment: string): string[] => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `post /sandbox/inbox/{id}/replay` → createSandboxInboxByIdReplay; console paths are prefixed
 * console like the named ones. Readable enough to find, and unique per method and path.
 */
export function derivedOperationId(method: string, path: string): string {
  const console = path.startsWith('/_console/api/');
  const rest = console ? path.slice('/_console/api'.length) : path;
  const parts = rest
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['By', ...words(param[1] as string).map(capital)] : words(segment).map(capital);
    });
  const verb = VERBS[method] ?? method;
  return console ? `console${capital(verb)}${parts.join('')}` : `${verb}${parts.join('')}`;
}

export function operationIdFor(method: string, path: string): string {
  return NAMED[`${method} ${path}`] ?? derivedOperationId(method, path);
}
