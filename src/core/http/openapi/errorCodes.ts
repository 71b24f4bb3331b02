import { ErrorBodySchema } from '../../../shared/types';
import { ERROR_CATALOG, type ErrorCode } from '../../errors';
import { JSON_API_PATHS } from '../noQueryParameters';
import { mapChildren, operations, shapeKey, type Json } from './schemaWalk';

const ERROR_SHAPE = shapeKey(JSON.parse(JSON.stringify(ErrorBodySchema)));

/** Whether the schema, or one nested in it, has a required field a body could leave out. */
function requiresAField(schema: Json): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (Array.isArray(schema.required) && schema.required.length > 0) return true;
  let found = false;
  mapChildren(schema, (child) => {
    found ||= requiresAField(child);
    return child;
  });
  return found;
}

/**
 * The 400s reading a request of the JSON API can give, whatever its route says (docs/contract.md
 * §3): a parameter that is malformed or unknown (every route's query is closed), a body that is not
 * JSON or lacks a field, a bad Idempotency-Key. They come from the one validation layer, not from
 * the route, so they are read off what the operation takes rather than off its description.
 */
function readingCodes(path: string, op: Json): ErrorCode[] {
  if (!JSON_API_PATHS.test(path)) return [];
  const codes: ErrorCode[] = ['parameter_invalid', 'parameter_unknown'];
  const params: Json[] = op.parameters ?? [];
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body) codes.push('body_invalid_json');
  if (requiresAField(body) || params.some((p) => p.required && p.in !== 'path'))
    codes.push('parameter_missing');
  if (params.some((p) => p.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key'))
    codes.push('idempotency_key_invalid');
  return codes;
}

/**
 * The codes a response can carry: those its description names (routes write "409:
 * payment_link_not_cancelable, …") with, on a 400, those reading the request can give; else every
 * code of the catalog with that status, so a route that describes its error in prose still gets a
 * truthful enum.
 */
export function codesFor(
  status: number,
  description: string | undefined,
  reading: ErrorCode[] = [],
): ErrorCode[] {
  const ofStatus = (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter(
    (code) => ERROR_CATALOG[code].status === status,
  );
  const named = ofStatus.filter(
    (code) => new RegExp(`\\b${code}\\b`).test(description ?? '') || reading.includes(code),
  );
  return named.length > 0 ? named : ofStatus;
}

/**
 * Each error response becomes the named ApiError narrowed to its codes (and their types), so a
 * generated client types a 409 as `"payment_link_not_cancelable" | …` rather than any string. The
 * narrowing part lists every property too: example checkers read each allOf part as closed.
 */
export function narrowErrorCodes(doc: Json): void {
  for (const { path, op } of operations(doc)) {
    const reading = readingCodes(path, op);
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      const media = response.content?.['application/json'];
      if (!media?.schema || shapeKey(media.schema) !== ERROR_SHAPE) continue;
      const codes = codesFor(Number(status), response.description, reading);
      if (codes.length === 0) continue;
      const types = [...new Set(codes.map((code) => ERROR_CATALOG[code].type))];
      media.schema = {
        allOf: [
          { $ref: '#/components/schemas/ApiError' },
          {
            type: 'object',
            required: ['error', 'meta'],
            properties: {
              error: {
                type: 'object',
                required: ['type', 'code', 'message'],
                properties: {
                  type: { enum: types },
                  code: { enum: codes },
                  message: { type: 'string' },
                  param: { type: 'string' },
                },
              },
              meta: { $ref: '#/components/schemas/Meta' },
            },
          },
        ],
      };
    }
  }
}
