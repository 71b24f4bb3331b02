import type { TSchema } from 'typebox';
import {
  BulkResultSchema,
  ClockHomeSchema,
  ClockResetSchema,
  ClockSchema,
  DeletedSchema,
  EndpointCheckReportsSchema,
  FaultsViewSchema,
  InboxForwardRequestSchema,
  InboxForwardResultSchema,
  InboxMessageSchema,
  InboxMessageSummarySchema,
  InboxReceiptSchema,
  InboxSettingsSchema,
  InboxViewSchema,
  LinkDetailSchema,
  LinkPositionSchema,
  RequestEntrySchema,
  RequestSummarySchema,
  SampleResultSchema,
} from '../../../shared/consoleSchemas';
import {
  ClockRecordSchema,
  ServerInfoSchema,
  StoreCountsSchema,
  StoreExportSchema,
} from '../../../shared/dataFolder';
import {
  AttemptRecordSchema,
  DeliveryRecordSchema,
  EventRecordSchema,
  IdempotencyRecordSchema,
  LinkRecordSchema,
} from '../../../shared/exportRecords';
import {
  EndpointFaultsSchema,
  FaultActionSchema,
  FaultMatchSchema,
  FaultRuleSchema,
  NewFaultRuleSchema,
} from '../../../shared/faults';
import { ScenarioSchema } from '../../../shared/scenario';
import {
  CreateLinkBodySchema,
  ErrorBodySchema,
  FeeSchema,
  FeeSettingsSchema,
  InboxSettingsBodySchema,
  MetaSchema,
  PaginationSchema,
  PaymentLinkSchema,
  SettingsSchema,
  WebhookEventSchema,
} from '../../../shared/types';
import {
  AttemptSchema,
  DeliverySchema,
  DeliverySummarySchema,
  EndpointSchema,
  QueueStateSchema,
  WebhookEventPageSchema,
  WebhookEventRowSchema,
} from '../../../shared/webhookSchemas';
import { ConsoleEnvelope, ConsoleListEnvelope, LinkEnvelope, ListEnvelope } from '../apiSchemas';
import { ApiRequestLogEntrySchema, WebhookAttemptLogEntrySchema } from '../../../shared/sandboxLog';
import { DeliveryListEnvelope, EndpointCheckEnvelope, LogsEnvelope } from '../keyedSchemas';
import {
  EndpointCheckExchangeSchema,
  EndpointCheckProbeSchema,
  EndpointCheckSchema,
  EndpointCheckStartSchema,
} from '../../../shared/endpointCheck';
import { AdvanceBySecondsSchema, AdvanceToSchema } from '../../../shared/clockAdvance';
import { ClockEnvelope, ClockResetEnvelope } from '../routes/clockRoutes';
import { asSwaggerWrites, mapChildren, schemaSites, shapeKey, type Json } from './schemaWalk';

/**
 * The schemas a client developer names (components["schemas"]["PaymentLink"]). Any schema of the
 * same shape, wherever a route uses it, becomes a $ref to its name here.
 */
const NAMED: [string, TSchema][] = [
  ['PaymentLinkResponse', LinkEnvelope],
  ['PaymentLinkList', ListEnvelope],
  ['PaymentLink', PaymentLinkSchema],
  ['Fee', FeeSchema],
  ['Pagination', PaginationSchema],
  ['Meta', MetaSchema],
  // Not `Error`: a generated TypeScript client would shadow the built-in Error with it.
  ['ApiError', ErrorBodySchema],
  ['WebhookEvent', WebhookEventSchema],
  ['Settings', SettingsSchema],
  ['FeeSettings', FeeSettingsSchema],
  ['CreatePaymentLinkRequest', CreateLinkBodySchema],
  ['SandboxClockResponse', ClockEnvelope],
  ['SandboxClock', ClockSchema],
  ['SandboxClockResetResponse', ClockResetEnvelope],
  ['SandboxClockReset', ClockResetSchema],
  ['SandboxClockHome', ClockHomeSchema],
  ['ClockAdvanceBySeconds', AdvanceBySecondsSchema],
  ['ClockAdvanceTo', AdvanceToSchema],
  ['ConsoleResponse', ConsoleEnvelope],
  ['ConsoleList', ConsoleListEnvelope],
  ['ServerInfo', ServerInfoSchema],
  ['StoreCounts', StoreCountsSchema],
  ['StoreExport', StoreExportSchema],
  ['ClockRecord', ClockRecordSchema],
  ['LinkRecord', LinkRecordSchema],
  ['EventRecord', EventRecordSchema],
  ['Endpoint', EndpointSchema],
  ['EndpointFaults', EndpointFaultsSchema],
  ['DeliveryRecord', DeliveryRecordSchema],
  ['AttemptRecord', AttemptRecordSchema],
  ['Delivery', DeliverySchema],
  ['Attempt', AttemptSchema],
  ['IdempotencyRecord', IdempotencyRecordSchema],
  ['WebhookDeliverySummary', DeliverySummarySchema],
  ['WebhookDeliveryList', DeliveryListEnvelope],
  ['WebhookEventRow', WebhookEventRowSchema],
  ['WebhookEventPage', WebhookEventPageSchema],
  ['SandboxLogs', LogsEnvelope],
  ['ApiRequestLogEntry', ApiRequestLogEntrySchema],
  ['WebhookAttemptLogEntry', WebhookAttemptLogEntrySchema],
  ['QueueState', QueueStateSchema],
  ['FaultRule', FaultRuleSchema],
  ['NewFaultRule', NewFaultRuleSchema],
  ['FaultMatch', FaultMatchSchema],
  ['FaultAction', FaultActionSchema],
  ['FaultsView', FaultsViewSchema],
  ['InboxMessage', InboxMessageSchema],
  ['InboxMessageSummary', InboxMessageSummarySchema],
  ['InboxView', InboxViewSchema],
  ['InboxForwardRequest', InboxForwardRequestSchema],
  ['InboxReceipt', InboxReceiptSchema],
  ['InboxForwardResult', InboxForwardResultSchema],
  ['InboxSettings', InboxSettingsSchema],
  ['InboxSettingsRequest', InboxSettingsBodySchema],
  ['RequestSummary', RequestSummarySchema],
  ['RequestEntry', RequestEntrySchema],
  ['LinkDetail', LinkDetailSchema],
  ['LinkPosition', LinkPositionSchema],
  ['Deleted', DeletedSchema],
  ['EndpointCheckReports', EndpointCheckReportsSchema],
  ['BulkResult', BulkResultSchema],
  ['SampleResult', SampleResultSchema],
  ['Scenario', ScenarioSchema],
  ['EndpointCheckResponse', EndpointCheckEnvelope],
  ['EndpointCheck', EndpointCheckSchema],
  ['EndpointCheckProbe', EndpointCheckProbeSchema],
  ['EndpointCheckExchange', EndpointCheckExchangeSchema],
  ['EndpointCheckRequest', EndpointCheckStartSchema],
];

const asJson = (schema: unknown): Json => asSwaggerWrites(JSON.parse(JSON.stringify(schema)));
const isNamable = (node: Json): boolean =>
  node?.type === 'object' && node.properties && Object.keys(node.properties).length > 0;

/**
 * Moves the document's schemas into components/schemas: the named ones above, and any other object
 * schema used in two places or more (a route added later shares its shapes without being listed),
 * named after where it is first used. Each use becomes a $ref.
 */
export function hoistSchemas(doc: Json): void {
  const schemas: Record<string, Json> = { ...(doc.components?.schemas ?? {}) };
  const byShape = new Map<string, string>();
  for (const [name, typebox] of NAMED) {
    schemas[name] = asJson(typebox);
    byShape.set(shapeKey(schemas[name]), name);
  }

  const sites = schemaSites(doc);
  const seen = new Map<string, { count: number; name: string; node: Json }>();
  const count = (node: Json, name: string, inAllOf: boolean): void => {
    if (!node || typeof node !== 'object' || node.$ref) return;
    if (isNamable(node) && !inAllOf) {
      const key = shapeKey(node);
      if (byShape.has(key)) return;
      const entry = seen.get(key) ?? { count: 0, name, node };
      entry.count += 1;
      seen.set(key, entry);
    }
    mapChildren(node, (child, where) => {
      count(child, `${name}${pascalWord(where)}`, inAllOf || /^allOf/.test(where));
      return child;
    });
  };
  for (const site of sites) count(site.get(), site.name, false);
  for (const [key, { count: uses, name, node }] of seen) {
    if (uses < 2 || byShape.has(key)) continue;
    const wanted = envelopeName(node, byShape) ?? name;
    const unique = schemas[wanted] ? `${wanted}Shared` : wanted;
    byShape.set(key, unique);
    schemas[unique] = structuredClone(node);
  }

  const refer = (node: Json, root: boolean): Json => {
    if (!node || typeof node !== 'object' || node.$ref) return node;
    const name = root ? undefined : byShape.get(shapeKey(node));
    if (name) return { $ref: `#/components/schemas/${name}` };
    mapChildren(node, (child) => refer(child, false));
    return node;
  };
  for (const site of sites) site.set(refer(site.get(), false));
  for (const schema of Object.values(schemas)) refer(schema, true);
  doc.components = { ...doc.components, schemas };
}

/** `{ data: StoreCounts, meta }` is StoreCountsResponse, `{ data: [FaultRule], meta }` FaultRuleListResponse. */
function envelopeName(node: Json, byShape: Map<string, string>): string | undefined {
  const data = node.properties?.data;
  if (!data || !node.properties.meta) return undefined;
  const list = data.type === 'array' && data.items;
  const item = list || data;
  const named = item.$ref ? item.$ref.split('/').at(-1) : byShape.get(shapeKey(item));
  return named ? `${named}${list ? 'List' : ''}Response` : undefined;
}

const pascalWord = (word: string): string =>
  word.charAt(0).toUpperCase() + word.slice(1).replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** Drops the named schemas nothing refers to (a listed schema no route uses any more). */
export function pruneUnusedSchemas(doc: Json): void {
  const schemas: Record<string, Json> = doc.components.schemas;
  const { schemas: _all, ...rest } = doc.components;
  const kept = new Set<string>();
  let frontier = JSON.stringify({ paths: doc.paths, webhooks: doc.webhooks, rest });
  for (;;) {
    const found = [...frontier.matchAll(/#\/components\/schemas\/([\w.-]+)/g)]
      .map((m) => m[1] as string)
      .filter((name) => !kept.has(name));
    if (found.length === 0) break;
    for (const name of found) kept.add(name);
    frontier = JSON.stringify(found.map((name) => schemas[name]));
  }
  doc.components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => kept.has(name)));
}
