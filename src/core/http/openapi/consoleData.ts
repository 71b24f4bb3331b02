import Type, { type TSchema } from 'typebox';
import {
  BulkResultSchema,
  ClearedDeliveriesSchema,
  ClockHomeSchema,
  ClockResetSchema,
  ClockSchema,
  DeletedSchema,
  EndpointCheckReportsSchema,
  FaultsViewSchema,
  InboxForwardResultSchema,
  InboxMessageSchema,
  InboxMessageSummarySchema,
  InboxViewSchema,
  LinkDetailSchema,
  RequestEntrySchema,
  RequestSummarySchema,
  SampleResultSchema,
} from '../../../shared/consoleSchemas';
import { EndpointCheckSchema } from '../../../shared/endpointCheck';
import { FaultRuleSchema } from '../../../shared/faults';
import { ScenarioSchema } from '../../../shared/scenario';
import { MetaSchema, PaymentLinkSchema, SettingsSchema } from '../../../shared/types';
import {
  DeliverySchema,
  EndpointSchema,
  QueueStateSchema,
  WebhookEventPageSchema,
} from '../../../shared/webhookSchemas';
import { ListEnvelope } from '../apiSchemas';
import { DeliveryListEnvelope } from '../keyedSchemas';
import { operations, type Json } from './schemaWalk';

const data = (schema: TSchema): TSchema => Type.Object({ data: schema, meta: MetaSchema });

/**
 * What each console answer holds. The console's routes keep a loose envelope (`{ data, meta }`, data
 * serialized as is, so no field a route sends is ever dropped by a response schema); the document
 * says exactly what `data` is, and the tests check every answer they get against it.
 */
const CONSOLE_ANSWERS: Record<string, [status: string, body: TSchema]> = {
  consoleGetSettings: ['200', data(SettingsSchema)],
  consoleUpdateSettings: ['200', data(SettingsSchema)],
  consoleGetQueue: ['200', data(QueueStateSchema)],
  consolePauseQueue: ['200', data(QueueStateSchema)],
  consoleResumeQueue: ['200', data(QueueStateSchema)],
  consoleCreateLink: ['201', data(PaymentLinkSchema)],
  consoleListLinks: ['200', ListEnvelope],
  consoleRetrieveLink: ['200', data(LinkDetailSchema)],
  consoleSimulateLink: ['200', data(PaymentLinkSchema)],
  consoleCancelLink: ['200', data(PaymentLinkSchema)],
  consoleCreateLinksSamples: ['201', data(SampleResultSchema)],
  consoleCreateLinksBulk: ['200', data(BulkResultSchema)],
  consoleListRequests: ['200', data(Type.Array(RequestSummarySchema, { description: 'newest first' }))],
  consoleRetrieveRequest: ['200', data(RequestEntrySchema)],
  consoleCreateRequestsScenario: ['200', data(ScenarioSchema)],
  consoleCreateRequestsBySeqReplay: [
    '200',
    data(
      Type.Union([RequestEntrySchema, Type.Null()], {
        description:
          'the new entry (its replay_of is the seq replayed); null if the log has already dropped it',
      }),
    ),
  ],
  consoleListEndpoints: ['200', data(Type.Array(EndpointSchema))],
  consoleCreateEndpoint: ['201', data(EndpointSchema)],
  consoleRetrieveEndpoint: ['200', data(EndpointSchema)],
  consoleUpdateEndpoint: ['200', data(EndpointSchema)],
  consoleRotateEndpointSecret: ['200', data(EndpointSchema)],
  consoleDeleteEndpoint: ['200', data(DeletedSchema)],
  consoleSendTestEvent: ['201', data(DeliverySchema)],
  consoleCheckEndpoint: ['202', data(EndpointCheckSchema)],
  consoleListEndpointChecks: ['200', data(EndpointCheckReportsSchema)],
  consoleRetrieveEndpointCheck: ['200', data(EndpointCheckSchema)],
  consoleGetWebhookEvents: ['200', data(WebhookEventPageSchema)],
  consoleListDeliveries: ['200', DeliveryListEnvelope],
  consoleClearDeliveries: ['200', data(ClearedDeliveriesSchema)],
  consoleRetrieveDelivery: ['200', data(DeliverySchema)],
  consoleResendDelivery: ['200', data(DeliverySchema)],
  consoleRetryDelivery: ['200', data(DeliverySchema)],
  consoleDeleteDelivery: ['200', data(DeletedSchema)],
  consoleGetInbox: ['200', data(Type.Array(InboxViewSchema, { description: 'most recently used first' }))],
  consoleGetInboxByNameMessages: [
    '200',
    data(Type.Array(InboxMessageSummarySchema, { description: 'newest first' })),
  ],
  consoleGetInboxByNameMessagesById: ['200', data(InboxMessageSchema)],
  consoleReplaceInboxByName: ['200', data(InboxViewSchema)],
  consoleDeleteInboxByNameMessages: ['200', data(InboxViewSchema)],
  consoleCreateInboxByNameMessagesByIdForward: ['200', data(InboxForwardResultSchema)],
  consoleGetFaults: ['200', data(FaultsViewSchema)],
  consoleCreateFaults: ['201', data(FaultRuleSchema)],
  consoleUpdateFaultsById: ['200', data(FaultRuleSchema)],
  consoleDeleteFaultsById: ['200', data(DeletedSchema)],
  consoleGetClock: ['200', data(ClockSchema)],
  consoleCreateClockAdvance: ['200', data(ClockSchema)],
  consoleCreateClockFreeze: ['200', data(ClockSchema)],
  consoleCreateClockResume: ['200', data(ClockSchema)],
  consoleGetClockHome: ['200', data(ClockHomeSchema)],
  consoleCreateClockReset: ['200', data(ClockResetSchema)],
};

export function typeConsoleData(doc: Json): void {
  for (const { op } of operations(doc)) {
    const entry = CONSOLE_ANSWERS[op.operationId];
    const media = entry && op.responses?.[entry[0]]?.content?.['application/json'];
    if (!entry || !media) continue;
    media.schema = JSON.parse(JSON.stringify(entry[1]));
  }
}
