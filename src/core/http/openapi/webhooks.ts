import { WEBHOOK_EVENT_TYPES } from '../../../shared/types';
import { eventExample } from './exampleValues';
import { pascal, type Json } from './schemaWalk';

const EVENT_SUMMARIES: Record<string, string> = {
  'payment_link.paid': 'A link was paid (status succeeded)',
  'payment_link.failed': 'A payment attempt failed (status failed)',
  'payment_link.expired': 'A pending link expired',
  'payment_link.canceled': 'A link was canceled',
};

const HEADER_PARAMETERS: Record<string, Json> = {
  WebhookId: {
    in: 'header',
    name: 'webhook-id',
    required: true,
    description: "The event's id (evt_…), the same on every attempt: deduplicate on it.",
    schema: { type: 'string', pattern: '^evt_[0-9a-f]{32}$' },
    example: 'evt_5b0f6c1e9a7d4e2f8c3b1a0d9e8f7a6b',
  },
  WebhookTimestamp: {
    in: 'header',
    name: 'webhook-timestamp',
    required: true,
    description: 'Unix seconds (real time) when this attempt was signed; refuse one far from your clock.',
    schema: { type: 'string', pattern: '^\\d+$' },
    example: '1795437300',
  },
  WebhookSignature: {
    in: 'header',
    name: 'webhook-signature',
    required: true,
    description:
      'Space-separated v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}"> under the endpoint\'s whsec_ secret, one per secret still valid after a rotation (Standard Webhooks).',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  },
};

/** components/schemas name of the event of one type: payment_link.paid → PaymentLinkPaidEvent. */
export const eventSchemaName = (type: string): string => `${pascal(type)}Event`;

/**
 * The four events under OAS 3.1 `webhooks`: what each endpoint receives, signed with the Standard
 * Webhooks headers, so a generated client types a receiver's payloads too.
 */
export function documentWebhooks(doc: Json): void {
  const schemas: Json = doc.components.schemas;
  doc.webhooks = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const name = eventSchemaName(type);
    schemas[name] = {
      description: `The body of a ${type} webhook.`,
      allOf: [
        { $ref: '#/components/schemas/WebhookEvent' },
        { type: 'object', required: ['type'], properties: { type: { const: type } } },
      ],
    };
    doc.webhooks[type] = {
      post: {
        operationId: `on${pascal(type)}`,
        tags: ['Webhooks'],
        summary: EVENT_SUMMARIES[type] ?? type,
        description: `Sent to every enabled endpoint subscribed to ${type}. Answer 2xx within 10 seconds; anything else is retried on webhook_retry_schedule_seconds.`,
        security: [],
        parameters: Object.keys(HEADER_PARAMETERS).map((p) => ({ $ref: `#/components/parameters/${p}` })),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: `#/components/schemas/${name}` },
              example: eventExample(type),
            },
          },
        },
        responses: {
          '200': { description: 'Received: any 2xx status marks the attempt delivered.' },
          '400': {
            description:
              'Refused (any status other than 2xx, or no answer): the attempt failed and is retried.',
          },
        },
      },
    };
  }
  doc.components.parameters = { ...(doc.components.parameters ?? {}), ...HEADER_PARAMETERS };
}
