import Type, { type TSchema } from 'typebox';
import { MetaSchema, PaymentLinkSchema, SettingsSchema } from '../../../shared/types';
import { operations, type Json } from './schemaWalk';

const QueueStateSchema = Type.Object({
  paused: Type.Boolean({ description: 'Whether deliveries are held' }),
  in_flight: Type.Integer({ minimum: 0, description: 'Attempts being sent now' }),
  waiting: Type.Integer({ minimum: 0, description: 'Queued or retrying deliveries' }),
  finished: Type.Integer({
    minimum: 0,
    description: 'Delivered or failed deliveries: what Clear history would remove',
  }),
});

/**
 * What `data` holds in console answers whose route documents it only as `{ data, meta }` (the
 * console's envelope is loose so a route can answer anything): listed here where the shape is
 * exactly a known schema, so a generated console client gets a type instead of unknown.
 */
const CONSOLE_DATA: Record<string, [status: string, data: TSchema]> = {
  consoleGetSettings: ['200', SettingsSchema],
  consoleUpdateSettings: ['200', SettingsSchema],
  consoleGetQueue: ['200', QueueStateSchema],
  consolePauseQueue: ['200', QueueStateSchema],
  consoleResumeQueue: ['200', QueueStateSchema],
  consoleCreateLink: ['201', PaymentLinkSchema],
  consoleSimulateLink: ['200', PaymentLinkSchema],
  consoleCancelLink: ['200', PaymentLinkSchema],
};

export const QUEUE_STATE: [string, TSchema] = ['QueueState', QueueStateSchema];

export function typeConsoleData(doc: Json): void {
  for (const { op } of operations(doc)) {
    const entry = CONSOLE_DATA[op.operationId];
    const media = entry && op.responses?.[entry[0]]?.content?.['application/json'];
    if (!entry || !media) continue;
    media.schema = JSON.parse(JSON.stringify(Type.Object({ data: entry[1], meta: MetaSchema })));
  }
}
