import type { OpenAPIV3_1 } from 'openapi-types';
import { FaultActionUnionSchema } from '../../../shared/faults';
import { ErrorBodySchema } from '../../../shared/types';
import { AdvanceBySecondsSchema, AdvanceToSchema } from '../../../shared/clockAdvance';
import { documentFaultResponses } from '../faultDocs';
import { typeConsoleData } from './consoleData';
import { narrowErrorCodes } from './errorCodes';
import { dataExample, linkExample } from './exampleValues';
import { addExamples } from './examples';
import { hoistSchemas, pruneUnusedSchemas } from './namedSchemas';
import { completeOperations, SECURITY_SCHEMES, TAG_DESCRIPTIONS } from './operationRules';
import { documentResponseHeaders } from './responseHeaders';
import { documentOptionalBodies } from './optionalBody';
import { documentInboxAnswers } from './inboxAnswers';
import type { Json } from './schemaWalk';
import { VERSION } from '../../version';
import { documentWebhooks } from './webhooks';

export function openApiInfo() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payment Links Sandbox API',
      version: '1.0.0',
      description:
        "A local copy of the provider's Payment Links API. Amounts are integers in the minor unit of the sandbox's currency. Errors are { error: { type, code, message, param? }, meta: { request_id } }. Every response carries X-Request-Id.",
      contact: { name: 'Payment Links Sandbox' },
      // The package's own version (the API's is above), for `status` and bug reports.
      'x-sandbox-version': VERSION,
    },
    tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
    components: { securitySchemes: SECURITY_SCHEMES },
  };
}

/** Request bodies whose generated example would not be a request the server takes. */
const REQUEST_EXAMPLES: Record<string, unknown> = {
  createPaymentLink: { amount: 150000, title: 'Order #1042', reference_id: 'order_1042', note: null },
  simulatePaymentEvent: {
    payment_link_id: '6f1c2a9e-3b7d-4c8e-9a51-2d0e7f4b8c13',
    event: 'paid',
    payment_method: 'card',
  },
  advanceSandboxClock: { seconds: 3600 },
  consoleCreateLink: { amount: 150000, title: 'Order #1042' },
  consoleCreateClockAdvance: { seconds: 86400 },
  consoleUpdateSettings: { currency: 'IDR', link_lifetime_seconds: 86400 },
  consoleUpdateEndpoint: { enabled: false },
};

/** Answers whose link is not pending: the example shows the state the operation leaves it in. */
const RESPONSE_EXAMPLES: Record<string, unknown> = {
  'cancelPaymentLink 200': dataExample(linkExample('canceled')),
  'simulatePaymentEvent 200': dataExample(linkExample('succeeded')),
  'consoleCancelLink 200': dataExample(linkExample('canceled')),
  'consoleSimulateLink 200': dataExample(linkExample('succeeded')),
};

/** A Server-Sent Events stream, as what a reader receives. */
const eventStream = (example: string) => ({ 'text/event-stream': { schema: { type: 'string' }, example } });

/**
 * The streams are text, not JSON: the console's event stream is one always; the keyed log is one
 * when asked for with Accept: text/event-stream, beside its JSON page.
 */
function documentEventStreams(doc: Json): void {
  const events = doc.paths?.['/_console/api/events']?.get;
  if (events)
    events.responses = {
      200: {
        description: 'A Server-Sent Events stream.',
        content: eventStream(
          'retry: 1000\nevent: ready\ndata: {"request_id":"req_3f9a2c71d0e40000002a"}\n\n',
        ),
      },
      ...events.responses,
    };
  const logs = doc.paths?.['/sandbox/logs']?.get?.responses?.['200'];
  if (logs?.content) {
    logs.description =
      'The newest entries (or those after since) as JSON; with Accept: text/event-stream, a stream of them instead.';
    Object.assign(
      logs.content,
      eventStream(
        'retry: 1000\n\nid: log_3f9a2c71_16\nevent: webhook_attempt\ndata: {"type":"webhook_attempt","at":"2026-11-26T08:03:43.663Z","delivery_id":"dlv_8f26a8f730e14414b27f9710","event_id":"evt_3cd6bfc5be724101b95cbda41d81b198","event_type":"payment_link.paid","link_id":"ee50215f-028d-4251-ad78-1fa8fa3b013a","endpoint_id":"we_0abc65ee559c4ae6b954566e","url":"http://localhost:3000/webhooks","attempt":1,"status":200,"error":null,"duration_ms":9.19}\n\n',
      ),
    );
  }
}

/**
 * A clock advance takes seconds or to, never both: the route validates each field and advanceOf
 * refuses both or neither with words a flat schema cannot give, so the oneOf is written here.
 */
function documentAdvanceBody(doc: Json): void {
  const oneOf = JSON.parse(JSON.stringify([AdvanceBySecondsSchema, AdvanceToSchema]));
  for (const path of ['/sandbox/clock/advance', '/_console/api/clock/advance']) {
    const media = doc.paths?.[path]?.post?.requestBody?.content?.['application/json'];
    if (media) media.schema = { oneOf, description: 'seconds or to, not both' };
  }
}

const pascal = (name: string): string => name.replace(/(^|_)(\w)/g, (_, _sep, c: string) => c.toUpperCase());

/** FaultAction as the tagged union it is: one named schema per type, told apart by `type`. */
function documentFaultActions(doc: Json): void {
  const schemas = doc.components?.schemas;
  if (!schemas?.FaultAction) return;
  const mapping: Record<string, string> = {};
  for (const variant of JSON.parse(JSON.stringify(FaultActionUnionSchema)).anyOf as Json[]) {
    const name = `FaultAction${pascal(variant.properties.type.const)}`;
    schemas[name] = variant;
    mapping[variant.properties.type.const] = `#/components/schemas/${name}`;
  }
  schemas.FaultAction = {
    description: (FaultActionUnionSchema as { description?: string }).description,
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'type', mapping },
  };
}

/**
 * What the route schemas cannot say, added to the document @fastify/swagger builds: the server it
 * is served from (known only once it listens), which bodies are optional, and the steps that
 * make it a document clients are generated from (names, $refs, webhooks, headers, examples).
 */
export function completeDocument(
  swaggerDoc: { openapiObject?: Partial<OpenAPIV3_1.Document> } | object,
  origin: string,
): Partial<OpenAPIV3_1.Document> {
  const doc: Json = JSON.parse(JSON.stringify((swaggerDoc as { openapiObject: object }).openapiObject));
  // The inbox's one route receives only POST, PUT and PATCH (it answers the other methods 405).
  const inbox = doc.paths?.['/_inbox/{name}'];
  if (inbox) for (const method of ['get', 'head', 'delete', 'options']) delete inbox[method];
  documentFaultResponses(doc as Partial<OpenAPIV3_1.Document>);
  documentEventStreams(doc);
  documentAdvanceBody(doc);
  documentOptionalBodies(doc);
  completeOperations(doc, JSON.parse(JSON.stringify(ErrorBodySchema)));
  typeConsoleData(doc);
  narrowErrorCodes(doc);
  documentInboxAnswers(doc);
  hoistSchemas(doc);
  documentFaultActions(doc);
  documentWebhooks(doc);
  pruneUnusedSchemas(doc);
  documentResponseHeaders(doc);
  addExamples(doc, REQUEST_EXAMPLES, RESPONSE_EXAMPLES);
  return { ...doc, servers: [{ url: origin, description: 'This sandbox' }] };
}
