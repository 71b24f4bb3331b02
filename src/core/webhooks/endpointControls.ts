import { isDeepStrictEqual } from 'node:util';
import { isWaiting } from '../../shared/deliveryStatus';
import { hasEndpointFaults, NO_ENDPOINT_FAULTS, type EndpointFaultsPatch } from '../../shared/faults';
import type { WebhookEndpoint, WebhookEventType } from '../../shared/types';
import { WEBHOOK_EVENT_TYPES } from '../../shared/types';
import { isoTime } from '../clock';
import { newEndpointId } from '../domain/ids';
import { SandboxError } from '../errors';
import type { Op } from '../store/ops';
import type { StoreState } from '../store/storeState';
import { webhookUrlProblem } from '../../shared/webhookInputs';
import { newWebhookSecret } from '../webhookEndpoints';
import { endpointHeadersProblem, keptHeaders } from '../../shared/endpointHeaders';
import { ROTATION_OVERLAP_HOURS } from '../../shared/endpointSchemas';

/** How long a rotated-out secret keeps signing beside the new one. */
export const ROTATION_OVERLAP_MS = ROTATION_OVERLAP_HOURS * 3600 * 1000;

export interface EndpointInput {
  url?: string;
  description?: string;
  enabled?: boolean;
  event_types?: WebhookEventType[];
  /** Webhook faults to change; fields left out keep their value. */
  faults?: EndpointFaultsPatch;
  /** Headers added to every delivery, replacing the ones it had; {} removes them. */
  headers?: Record<string, string>;
}

/** The endpoint with `headers` as kept (lower-case names); none at all when there are none. */
function withHeaders(
  endpoint: WebhookEndpoint,
  headers: Record<string, string> | undefined,
): WebhookEndpoint {
  if (headers === undefined) return endpoint;
  const problem = endpointHeadersProblem(headers);
  if (problem)
    throw new SandboxError(
      'parameter_invalid',
      `Invalid ${problem.param}: ${problem.problem}.`,
      problem.param,
    );
  const { headers: _before, ...rest } = endpoint;
  return Object.keys(headers).length === 0 ? rest : { ...rest, headers: keptHeaders(headers) };
}

/**
 * The endpoint's faults after a change; an endpoint with none carries no faults field at all. A
 * seed is kept while every fault is off, so it can be set before the shuffle it is for.
 */
function withFaults(endpoint: WebhookEndpoint, change: EndpointFaultsPatch | undefined): WebhookEndpoint {
  if (change === undefined) return endpoint;
  const { faults: _before, ...rest } = endpoint;
  const { seed: _seed, ...kept } = { ...NO_ENDPOINT_FAULTS, ...endpoint.faults };
  const { seed, ...changed } = change;
  const seedNow = seed === undefined ? endpoint.faults?.seed : (seed ?? undefined);
  const faults = { ...kept, ...changed, ...(seedNow === undefined ? {} : { seed: seedNow }) };
  return hasEndpointFaults(faults) || seedNow !== undefined ? { ...rest, faults } : rest;
}

export function findEndpoint(state: StoreState, id: string): WebhookEndpoint {
  const endpoint = state.endpoints.get(id);
  if (!endpoint) throw new SandboxError('resource_not_found', `No webhook endpoint with id ${id}.`, 'id');
  return endpoint;
}

function checkUrl(url: string): void {
  const problem = webhookUrlProblem(url);
  if (problem) throw new SandboxError('parameter_invalid', problem, 'url');
}

/** A change the keyed API makes: the fields given, and a secret to rotate to. */
export interface EndpointChange extends EndpointInput {
  secret?: string;
}

/**
 * The rotation rule, whoever asks (the console's rotate, a keyed PATCH with a secret): the endpoint
 * signs with `secret` from now on and the one it had signs beside it for the overlap, so receivers
 * switch without a gap; rotated-out secrets past their time go. The current secret again is no
 * rotation.
 */
function rotated(endpoint: WebhookEndpoint, secret: string, now: number): WebhookEndpoint {
  if (secret === endpoint.secret) return endpoint;
  return {
    ...endpoint,
    secret,
    previous_secrets: [
      ...endpoint.previous_secrets.filter((p) => Date.parse(p.expires_at) > now && p.secret !== secret),
      { secret: endpoint.secret, expires_at: isoTime(now + ROTATION_OVERLAP_MS) },
    ],
  };
}

/** An endpoint as a configuration file declares it: its own id, and a secret it may fix. */
export interface DeclaredEndpoint extends EndpointInput {
  id: string;
  url: string;
  secret?: string;
}

export const endpointControls = {
  /** `secret` is given by code that keeps its own across runs (listen, a test suite); else one is made. */
  create(
    input: EndpointInput & { url: string; secret?: string },
    now: number,
  ): { endpoint: WebhookEndpoint; ops: Op[] } {
    checkUrl(input.url);
    const endpoint: WebhookEndpoint = withFaults(
      withHeaders(
        {
          id: newEndpointId(),
          url: input.url,
          secret: input.secret ?? newWebhookSecret(),
          previous_secrets: [],
          enabled: input.enabled ?? true,
          event_types: input.event_types ?? [...WEBHOOK_EVENT_TYPES],
          description: input.description ?? '',
          created_at: isoTime(now),
        },
        input.headers,
      ),
      input.faults,
    );
    return { endpoint, ops: [{ op: 'endpoint', v: endpoint }] };
  },

  /**
   * A new URL also readdresses the endpoint's waiting deliveries, so their rows name where their
   * next attempt goes; finished ones keep the URL they were sent to. A secret is rotated to.
   */
  update(
    state: StoreState,
    id: string,
    patch: EndpointChange,
    now: number,
  ): { endpoint: WebhookEndpoint; ops: Op[] } {
    if (patch.url !== undefined) checkUrl(patch.url);
    const { faults, headers, secret, ...fields } = patch;
    const changed = withFaults(withHeaders({ ...findEndpoint(state, id), ...fields }, headers), faults);
    const endpoint = secret === undefined ? changed : rotated(changed, secret, now);
    const readdressed = [...state.deliveries.values()]
      .filter((d) => d.endpoint_id === id && d.endpoint_url !== endpoint.url && isWaiting(d))
      .map((d): Op => ({ op: 'delivery.patch', id: d.id, set: { endpoint_url: endpoint.url } }));
    return { endpoint, ops: [{ op: 'endpoint', v: endpoint }, ...readdressed] };
  },

  /** A new secret, made here; the old one signs beside it for the overlap. */
  rotateSecret(state: StoreState, id: string, now: number): { endpoint: WebhookEndpoint; ops: Op[] } {
    const endpoint = rotated(findEndpoint(state, id), newWebhookSecret(), now);
    return { endpoint, ops: [{ op: 'endpoint', v: endpoint }] };
  },

  /** Every endpoint, oldest first. */
  list(state: StoreState): WebhookEndpoint[] {
    return [...state.endpoints.values()];
  },

  /** The endpoint and its waiting deliveries go; finished deliveries stay in the history. */
  remove(state: StoreState, id: string): Op[] {
    findEndpoint(state, id);
    const waiting = [...state.deliveries.values()].filter((d) => d.endpoint_id === id && isWaiting(d));
    return [{ op: 'endpoint.delete', id }, ...waiting.map((d): Op => ({ op: 'delivery.delete', id: d.id }))];
  },

  /**
   * Made with the declared id (and secret) the first time; after that brought back to what the
   * declaration says, fields it leaves out keeping their value, as an update does. No ops when
   * the endpoint already is as declared, so declaring it again changes nothing.
   */
  declare(state: StoreState, declared: DeclaredEndpoint, now: number): Op[] {
    const { id, secret, ...fields } = declared;
    const existing = state.endpoints.get(id);
    if (!existing) {
      const { endpoint } = endpointControls.create(fields, now);
      return [{ op: 'endpoint', v: { ...endpoint, id, secret: secret ?? endpoint.secret } }];
    }
    const { endpoint, ops } = endpointControls.update(state, id, fields, now);
    const next = { ...endpoint, secret: secret ?? endpoint.secret };
    if (isDeepStrictEqual(next, existing)) return [];
    return [{ op: 'endpoint', v: next }, ...ops.slice(1)];
  },
};
