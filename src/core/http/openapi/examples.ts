import { createHash } from 'node:crypto';
import type { LinkStatus, PaymentLink, WebhookEventType } from '../../../shared/types';
import { ERROR_CATALOG, type ErrorCode } from '../../errors';
import { DEFAULT_SETTINGS } from '../../settings';
import { patternExample } from './patternExample';
import { operations, type Json } from './schemaWalk';

const LINK_ID = '6f1c2a9e-3b7d-4c8e-9a51-2d0e7f4b8c13';
const REQUEST_ID = 'req_3f9a2c71d0e40000002a';

const PAYMENT_LINK: PaymentLink = {
  id: LINK_ID,
  reference_id: 'order_1042',
  url: `http://127.0.0.1:4545/pay/${LINK_ID}`,
  status: 'pending',
  amount: 150000,
  fee: { total: 4350, transaction: 4350, instant_settlement: 0, paid_by: 'merchant' },
  payer_amount: 150000,
  net_amount: 145650,
  title: 'Order #1042',
  note: null,
  payment_method: null,
  settlement_account_id: '0b8e4d52-7c1a-4f36-b9d2-5e6a3c1f0d47',
  expires_at: '2026-11-24T10:15:00.000Z',
  paid_at: null,
  settle_at: null,
  settled_at: null,
  created_at: '2026-11-23T10:15:00.000Z',
};

/** The example link as it stands in `status`, with the fields that state sets. */
export function linkExample(status: LinkStatus = 'pending'): PaymentLink {
  if (status !== 'succeeded') return { ...PAYMENT_LINK, status };
  const paidAt = '2026-11-23T10:20:00.000Z';
  return {
    ...PAYMENT_LINK,
    status,
    payment_method: 'card',
    paid_at: paidAt,
    settle_at: '2026-11-24T10:20:00.000Z',
  };
}

/** A webhook event's example: the link as the event leaves it. */
export function eventExample(type: WebhookEventType): unknown {
  const status: Record<WebhookEventType, LinkStatus> = {
    'payment_link.paid': 'succeeded',
    'payment_link.failed': 'failed',
    'payment_link.expired': 'expired',
    'payment_link.canceled': 'canceled',
  };
  return {
    id: 'evt_5b0f6c1e9a7d4e2f8c3b1a0d9e8f7a6b',
    type,
    timestamp: '2026-11-23T10:20:00.000Z',
    data: linkExample(status[type]),
  };
}

export const dataExample = (data: unknown) => ({ data, meta: { request_id: REQUEST_ID } });

/** Whole values for named schemas, where a generated one would read less like the real thing. */
const NAMED_EXAMPLES: Record<string, unknown> = {
  PaymentLink: PAYMENT_LINK,
  Meta: { request_id: REQUEST_ID },
  Pagination: { current_page: 1, per_page: 25, total: 1, last_page: 1 },
  WebhookEvent: eventExample('payment_link.paid'),
  Settings: { ...DEFAULT_SETTINGS, api_keys: ['sk_test_4eC39HqLyjWDarjtT1zdp7dc'] },
  FeeSettings: DEFAULT_SETTINGS.fees,
};

/** Values by property name, for fields whose schema alone would give a poor example. */
const FIELD_EXAMPLES: Record<string, unknown> = {
  amount: 150000,
  title: 'Order #1042',
  reference_id: 'order_1042',
  note: 'Two tickets, row F',
  request_id: REQUEST_ID,
  currency: 'IDR',
  api_keys: ['sk_test_4eC39HqLyjWDarjtT1zdp7dc'],
  url: 'https://example.test/webhooks/payments',
  payment_method: 'card',
  seconds: 3600,
  message: 'What was wrong and what is allowed.',
};

/** A stable UUID per field name, so examples read alike on every start. */
const uuidFor = (seed: string): string => {
  const hex = createHash('sha1').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

function resolve(doc: Json, ref: string): [string, Json] {
  const name = ref.split('/').at(-1) as string;
  return [name, doc.components?.schemas?.[name]];
}

/** A value valid against `schema`, built from its types, formats, bounds and the tables above. */
export function exampleOf(doc: Json, schema: Json, field = '', depth = 0): unknown {
  if (!schema || typeof schema !== 'object' || depth > 12) return null;
  if (schema.$ref) {
    const [name, target] = resolve(doc, schema.$ref);
    if (name in NAMED_EXAMPLES) return structuredClone(NAMED_EXAMPLES[name]);
    return exampleOf(doc, target, field, depth + 1);
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (field in FIELD_EXAMPLES && !schema.allOf) return structuredClone(FIELD_EXAMPLES[field]);
  if (schema.enum) return schema.enum[0];
  if (schema.allOf) {
    return schema.allOf.reduce(
      (merged: Json, part: Json) => merge(merged, exampleOf(doc, part, field, depth + 1)),
      {},
    );
  }
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const nonNull = branches.find((b: Json) => b.type !== 'null') ?? branches[0];
    return exampleOf(doc, nonNull, field, depth + 1);
  }
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries<Json>(schema.properties ?? {})) {
        out[name] = exampleOf(doc, property, name, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = exampleOf(doc, schema.items, field, depth + 1);
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string':
      return stringExample(schema, field);
    default:
      return {};
  }
}

function stringExample(schema: Json, field: string): string {
  const text = field ? field.replace(/_/g, ' ') : 'text';
  const candidate =
    schema.format === 'uuid'
      ? uuidFor(field)
      : schema.format === 'date-time'
        ? '2026-11-23T10:15:00.000Z'
        : schema.format === 'uri'
          ? 'https://example.test/'
          : text.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? text.length);
  if (!schema.pattern || new RegExp(schema.pattern).test(candidate)) return candidate;
  return patternExample(schema.pattern) ?? candidate;
}

function merge(a: unknown, b: unknown): unknown {
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const out: Record<string, unknown> = { ...(a as object) };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  }
  return b ?? a;
}

/** Messages as the server words them, for the codes a developer meets first. */
const ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  body_invalid_json: 'The body is not valid JSON: Unexpected end of JSON input.',
  parameter_missing: 'Missing required parameter amount: an integer from 1 to 100000000000 (minor units).',
  parameter_invalid:
    'Invalid amount: 0 (a number); amount must be an integer from 1 to 100000000000 (minor units).',
  parameter_unknown:
    'Unknown parameter metadata. Allowed: amount, title, reference_id, note, expires_at, settlement_account_id.',
  api_key_missing: 'Send your test key as Authorization: Bearer sk_test_….',
  resource_not_found: `No payment link with id ${LINK_ID}.`,
  payment_link_not_cancelable: `Payment link ${LINK_ID} is succeeded and cannot be canceled; only pending or failed links can be canceled.`,
  invalid_state_transition:
    'The payment link is canceled; only a pending link can be paid, failed or expired.',
  host_not_allowed: 'Host "evil.example" is not allowed: use 127.0.0.1, localhost or an IP address.',
  storage_unavailable: 'The data directory refused the write (ENOSPC); nothing was changed.',
};

/** An error body for a response narrowed to `codes`: the first code, with its own type. */
function errorExample(codes: ErrorCode[]): unknown {
  const code = codes[0] as ErrorCode;
  const message =
    ERROR_MESSAGES[code] ?? `${code.charAt(0).toUpperCase()}${code.slice(1).replace(/_/g, ' ')}.`;
  return { error: { type: ERROR_CATALOG[code].type, code, message }, meta: { request_id: REQUEST_ID } };
}

/**
 * An example on every request body and response of the document, unless the route gave one: the
 * tables above for what people recognise, generated from the schema for the rest.
 */
export function addExamples(
  doc: Json,
  requestExamples: Record<string, unknown> = {},
  responseExamples: Record<string, unknown> = {},
): void {
  for (const { op } of operations(doc)) {
    for (const [type, media] of Object.entries<Json>(op.requestBody?.content ?? {})) {
      if (media.example !== undefined || media.examples) continue;
      media.example =
        op.operationId in requestExamples && type === 'application/json'
          ? requestExamples[op.operationId]
          : exampleOf(doc, media.schema);
    }
    for (const [status, response] of Object.entries<Json>(op.responses ?? {})) {
      for (const media of Object.values<Json>(response.content ?? {})) {
        if (media.example !== undefined || media.examples) continue;
        const given = responseExamples[`${op.operationId} ${status}`];
        if (given !== undefined) {
          media.example = given;
          continue;
        }
        const codes: ErrorCode[] | undefined =
          media.schema?.allOf?.[1]?.properties?.error?.properties?.code?.enum;
        media.example = codes ? errorExample(codes) : exampleOf(doc, media.schema);
      }
    }
  }
}
