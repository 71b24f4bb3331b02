import type { OpenAPIV3_1 } from 'openapi-types';
import { FAULTABLE_ROUTES } from '../../shared/faults';
import { ErrorBodySchema } from '../../shared/types';

const toTemplate = (route: string): string => route.replace(/:([A-Za-z_]+)/g, '{$1}');
const FAULT_RULE = 'a fault rule (POST /sandbox/faults)';

/**
 * What a fault rule answers with a status and no code of its own (docs/faults.md): each
 * description names its codes, so errorCodes.ts gives the response its enum. A rule that sets
 * `code` answers that code instead, which no document can list.
 */
const FAULT_RESPONSES: Record<string, string> = {
  '429': `rate_limited (rate_limit_error), with Retry-After: only when ${FAULT_RULE} says so`,
  '500': `internal_error: a bug, or ${FAULT_RULE} answering 500 on purpose`,
};
const FAULT_503 = `; service_unavailable: ${FAULT_RULE} answering 503 on purpose`;

/**
 * The errors a fault rule can make a route answer, which its own schema cannot know: the 429, 500
 * and 503 a developer's retry code is tested against.
 */
export function documentFaultResponses(openapi: Partial<OpenAPIV3_1.Document>): void {
  const errorSchema = JSON.parse(JSON.stringify(ErrorBodySchema));
  for (const route of FAULTABLE_ROUTES) {
    const item = openapi.paths?.[toTemplate(route)];
    for (const operation of [item?.get, item?.post]) {
      const responses = operation?.responses as Record<string, { description?: string }> | undefined;
      if (!responses) continue;
      for (const [status, description] of Object.entries(FAULT_RESPONSES)) {
        responses[status] ??= {
          description,
          content: { 'application/json': { schema: structuredClone(errorSchema) } },
        } as { description: string };
      }
      const unavailable = responses['503'];
      if (unavailable?.description && !unavailable.description.includes(FAULT_503))
        unavailable.description += FAULT_503;
    }
  }
}
