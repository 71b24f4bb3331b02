import Type, { type TSchema } from 'typebox';
import { ErrorBodySchema, MetaSchema, PaginationSchema, PaymentLinkSchema } from '../../shared/types';

export const LinkEnvelope = Type.Object({ data: PaymentLinkSchema, meta: MetaSchema });
export const ListEnvelope = Type.Object({
  data: Type.Array(PaymentLinkSchema),
  pagination: PaginationSchema,
  meta: MetaSchema,
});

export const described = (description: string) => ({ ...ErrorBodySchema, description });

/**
 * Which 400 codes an operation can give is read off what it takes (openapi/errorCodes.ts), so the
 * common words name none.
 */
const INVALID_REQUEST =
  'Invalid request: a parameter, header or body that is malformed, missing or not taken; the message says what is allowed, param names it';

/** Any route may write (a read applies due expiries first), and a disk may refuse the write. */
const STORAGE_UNAVAILABLE = described(
  'storage_unavailable: the data directory refused the write (disk full, read-only…); nothing was changed, retry once it is fixed',
);

/** The documented responses of an API route: its success plus the errors any API route can give. */
export function apiResponses(
  success: Record<number, TSchema>,
  errors: Record<number, string>,
): Record<number, unknown> {
  return {
    ...success,
    400: described(INVALID_REQUEST),
    401: described('api_key_missing, api_key_invalid or api_key_live_mode'),
    421: described('host_not_allowed'),
    503: STORAGE_UNAVAILABLE,
    ...Object.fromEntries(Object.entries(errors).map(([status, text]) => [status, described(text)])),
  };
}

/** The console API's responses: its success, and the errors any console route can give. */
export function consoleResponses(
  success: Record<number, TSchema>,
  errors: Record<number, string> = {},
): Record<number, unknown> {
  return {
    ...success,
    400: described(INVALID_REQUEST),
    401: described('console_token_required: bound beyond loopback, the console token was not given'),
    403: described('origin_not_allowed: a state-changing request from another site'),
    404: described('resource_not_found: ?workspace= names a workspace not made yet'),
    413: described('body_too_large'),
    415: described('unsupported_media_type'),
    421: described('host_not_allowed'),
    503: STORAGE_UNAVAILABLE,
    ...Object.fromEntries(Object.entries(errors).map(([status, text]) => [status, described(text)])),
  };
}

export const ConsoleEnvelope = Type.Object({ data: Type.Unknown(), meta: MetaSchema });
export const ConsoleListEnvelope = Type.Object({
  data: Type.Array(Type.Unknown()),
  pagination: PaginationSchema,
  meta: MetaSchema,
});
