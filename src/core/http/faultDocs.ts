import type { OpenAPIV3_1 } from 'openapi-types';
import { FAULTABLE_ROUTES } from '../../shared/faults';
import { ErrorBodySchema } from '../../shared/types';

const toTemplate = (route: string): string => route.replace(/:([A-Za-z_]+)/g, '{$1}');

const FAULT_RESPONSES: Record<string, string> = {
  '429':
    'rate_limit_error / rate_limited, with Retry-After: only when a fault rule (POST /sandbox/faults) says so',
  '500': 'api_error / internal_error: a bug, or a fault rule (POST /sandbox/faults) answering 500 on purpose',
};

/**
 * The errors a fault rule can make a route answer, which its own schema cannot know: the 429 and
 * 500 a developer's retry code is tested against (503 is documented for every route already).
 */
export function documentFaultResponses(openapi: Partial<OpenAPIV3_1.Document>): void {
  for (const route of FAULTABLE_ROUTES) {
    const item = openapi.paths?.[toTemplate(route)];
    for (const operation of [item?.get, item?.post]) {
      const responses = operation?.responses as Record<string, unknown> | undefined;
      if (!responses) continue;
      for (const [status, description] of Object.entries(FAULT_RESPONSES)) {
        responses[status] ??= { description, content: { 'application/json': { schema: ErrorBodySchema } } };
      }
    }
  }
}
