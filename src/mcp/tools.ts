// The tools a coding agent drives the sandbox with. Each is one request to a keyed route, and its
// input schema is that route's own (converted from the API's TypeBox schema), so the agent sees
// the same fields, limits and wording as /openapi.json, and a tool cannot drift from its route.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Type, { type TSchema } from 'typebox';
import * as z from 'zod';
import { AdvanceBodySchema } from '../shared/clockAdvance';
import { RuleParams } from '../shared/faults';
import { InboxNameParams, MessagesQuery } from '../shared/inboxParams';
import { PayloadSearchParam } from '../shared/listQueries';
import { NewFaultRuleSchema } from '../shared/faults';
import {
  CreateLinkBodySchema,
  DELIVERY_STATUSES,
  LinkIdParamsSchema,
  ListQuerySchema,
  SimulateBodySchema,
  WEBHOOK_EVENT_TYPES,
} from '../shared/types';
import type { Query } from '../core/keyedClient';
import { SandboxApiError, type SandboxApi } from './sandboxApi';

/** The filters GET /sandbox/deliveries takes. */
const DeliveryFilters = Type.Object({
  endpoint: Type.Optional(Type.String({ minLength: 1, description: 'an endpoint id: only its deliveries' })),
  link: Type.Optional(
    Type.String({ format: 'uuid', description: 'a payment link id (UUID): only deliveries of its events' }),
  ),
  type: Type.Optional(Type.Enum(WEBHOOK_EVENT_TYPES, { description: 'a webhook event type' })),
  status: Type.Optional(
    Type.Enum(DELIVERY_STATUSES, { description: `one of ${DELIVERY_STATUSES.join(', ')}` }),
  ),
  q: PayloadSearchParam,
});

interface ObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/** One object schema with every field of `schemas`; with `allOptional`, none of them required. */
function inputOf(schemas: TSchema[], allOptional = false): z.ZodType {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const schema of schemas as ObjectSchema[]) {
    Object.assign(properties, schema.properties);
    if (!allOptional) required.push(...(schema.required ?? []));
  }
  // Through JSON: TypeBox marks its schemas with symbols that are no part of JSON Schema.
  return z.fromJSONSchema(
    JSON.parse(JSON.stringify({ type: 'object', properties, required, additionalProperties: false })),
  );
}

type Args = Record<string, unknown>;

interface Tool {
  name: string;
  description: string;
  input: TSchema[];
  allOptional?: boolean;
  readOnly?: boolean;
  call: (api: SandboxApi, args: Args) => Promise<unknown>;
}

const pick = (args: Args, ...names: string[]): Query =>
  Object.fromEntries(names.map((name) => [name, args[name] as Query[string]]));

const TOOLS: Tool[] = [
  {
    name: 'create_payment_link',
    description:
      'Creates a payment link (POST /payment-links), as your app would. amount is in minor units. Answers the link, pending, with its checkout url.',
    input: [CreateLinkBodySchema],
    call: (api, args) => api.request('POST', '/payment-links', { body: args }),
  },
  {
    name: 'get_payment_link',
    description: 'Reads one payment link by its id (GET /payment-links/{id}).',
    input: [LinkIdParamsSchema],
    readOnly: true,
    call: (api, args) => api.request('GET', `/payment-links/${encodeURIComponent(String(args.id))}`),
  },
  {
    name: 'list_payment_links',
    description:
      'Lists payment links, newest first, with a status and creation-time filter and pages (GET /payment-links).',
    input: [ListQuerySchema],
    readOnly: true,
    call: (api, args) => api.request('GET', '/payment-links', { query: args as Query }),
  },
  {
    name: 'simulate_outcome',
    description:
      'Drives a pending link to paid, failed or expired (POST /sandbox/simulate), and queues the webhook your endpoint would receive for it.',
    input: [SimulateBodySchema],
    call: (api, args) => api.request('POST', '/sandbox/simulate', { body: args }),
  },
  {
    name: 'cancel_payment_link',
    description:
      'Cancels a pending or failed link (POST /payment-links/{id}/cancel), with its payment_link.canceled webhook.',
    input: [LinkIdParamsSchema],
    call: (api, args) =>
      api.request('POST', `/payment-links/${encodeURIComponent(String(args.id))}/cancel`, { body: {} }),
  },
  {
    name: 'list_deliveries',
    description:
      "Lists webhook deliveries (GET /sandbox/deliveries): each one's endpoint, event, status and attempts, filtered by endpoint, link, event type or status, and searched by what each carries (q: free text, or path = value on the JSON body such as data.reference_id = INV-1001).",
    input: [DeliveryFilters],
    readOnly: true,
    call: (api, args) => api.request('GET', '/sandbox/deliveries', { query: args as Query }),
  },
  {
    name: 'list_inbox_messages',
    description:
      "Lists what the sandbox's built-in webhook inbox /_inbox/{name} received, newest first, with headers, body and whether the signature verifies (GET /sandbox/inbox/{name}/messages); q keeps those whose body carries it (free text, or path = value).",
    input: [InboxNameParams, MessagesQuery],
    readOnly: true,
    call: (api, args) =>
      api.request('GET', `/sandbox/inbox/${encodeURIComponent(String(args.name))}/messages`, {
        query: pick(args, 'since', 'q'),
      }),
  },
  {
    name: 'advance_clock',
    description:
      'Moves the sandbox clock forward by seconds, or to the moment to (POST /sandbox/clock/advance); links that fall due expire or settle meanwhile, in order, with their webhooks. Answers the clock.',
    input: [AdvanceBodySchema],
    call: (api, args) => api.request('POST', '/sandbox/clock/advance', { body: args }),
  },
  {
    name: 'freeze_clock',
    description:
      'Stops the sandbox clock until resume_clock (POST /sandbox/clock/freeze). Answers the clock.',
    input: [],
    call: (api) => api.request('POST', '/sandbox/clock/freeze', { body: {} }),
  },
  {
    name: 'resume_clock',
    description: 'Lets a frozen sandbox clock run again (POST /sandbox/clock/resume). Answers the clock.',
    input: [],
    call: (api) => api.request('POST', '/sandbox/clock/resume', { body: {} }),
  },
  {
    name: 'reset_clock',
    description:
      'Brings the sandbox clock back to real time, running, keeping the data (POST /sandbox/clock/reset). Nothing is rewritten: it answers the clock, how far it went back, and how many links and deliveries stay stamped ahead of the new now.',
    input: [],
    call: (api) => api.request('POST', '/sandbox/clock/reset', { body: {} }),
  },
  {
    name: 'add_fault',
    description:
      'Adds a fault rule (POST /sandbox/faults): matching API requests get an error status, latency, a dropped connection, or a lost response after the change is made, so you can test how your app retries.',
    input: [NewFaultRuleSchema],
    call: (api, args) => api.request('POST', '/sandbox/faults', { body: args }),
  },
  {
    name: 'list_faults',
    description:
      'Lists the fault rules, oldest first, with how many hits each has left (GET /sandbox/faults).',
    input: [],
    readOnly: true,
    call: (api) => api.request('GET', '/sandbox/faults'),
  },
  {
    name: 'clear_faults',
    description:
      'Removes the fault rule with this id (DELETE /sandbox/faults/{id}), or every rule when no id is given (DELETE /sandbox/faults).',
    input: [RuleParams],
    allOptional: true,
    call: (api, args) =>
      args.id === undefined
        ? api.request('DELETE', '/sandbox/faults')
        : api.request('DELETE', `/sandbox/faults/${encodeURIComponent(String(args.id))}`),
  },
  {
    name: 'get_workspace',
    description:
      "Names the workspace this server's --api-key belongs to (a key sk_test_ws_<name> has a sandbox of its own; any other key, default), whether it is made yet, its counts and its sandbox clock (GET /sandbox/workspace).",
    input: [],
    readOnly: true,
    call: (api) => api.request('GET', '/sandbox/workspace'),
  },
  {
    name: 'reset_workspace',
    description:
      "Resets this key's workspace between tests (POST /sandbox/reset): removes its links, deliveries, events, idempotency records, request log and inbox messages, brings its clock home and applies the configuration file again. Other workspaces are untouched. Answers how many of each were removed.",
    input: [],
    call: (api) => api.request('POST', '/sandbox/reset', { body: {} }),
  },
];

export const TOOL_NAMES = TOOLS.map((tool) => tool.name);

/** Registers every tool on `server`; each answers the API's JSON, or a tool error that says why. */
export function registerTools(server: McpServer, api: SandboxApi): void {
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: inputOf(tool.input, tool.allOptional),
        annotations: { readOnlyHint: tool.readOnly ?? false, openWorldHint: false },
      },
      async (args: unknown): Promise<CallToolResult> => {
        try {
          const body = await tool.call(api, (args ?? {}) as Args);
          return { content: [{ type: 'text', text: JSON.stringify(body, null, 2) }] };
        } catch (err) {
          if (!(err instanceof SandboxApiError)) throw err;
          return { content: [{ type: 'text', text: err.message }], isError: true };
        }
      },
    );
  }
}
