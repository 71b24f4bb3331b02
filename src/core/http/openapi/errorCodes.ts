import { ErrorBodySchema } from '../../../shared/types';
import { ERROR_CATALOG, type ErrorCode } from '../../errors';
import { operations, shapeKey, type Json } from './schemaWalk';

const ERROR_SHAPE = shapeKey(JSON.parse(JSON.stringify(ErrorBodySchema)));

/**
 * The codes a response can carry: those its description names (routes write "409:
 * payment_link_not_cancelable, …"), else every code of the catalog with that status, so a route
 * that describes its error in prose still gets a truthful enum.
 */
export function codesFor(status: number, description: string | undefined): ErrorCode[] {
  const ofStatus = (Object.keys(ERROR_CATALOG) as ErrorCode[]).filter(
    (code) => ERROR_CATALOG[code].status === status,
  );
  const named = ofStatus.filter((code) => new RegExp(`\\b${code}\\b`).test(description ?? ''));
  return named.length > 0 ? named : ofStatus;
}

/**
 * Each error response becomes the named ApiError narrowed to its codes (and their types), so a
 * generated client types a 409 as `"payment_link_not_cancelable" | …` rather than any string. The
 * narrowing part lists every property too: example checkers read each allOf part as closed.
 */
export function narrowErrorCodes(doc: Json): void {
  for (const { op } of operations(doc)) {
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      const media = response.content?.['application/json'];
      if (!media?.schema || shapeKey(media.schema) !== ERROR_SHAPE) continue;
      const codes = codesFor(Number(status), response.description);
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
