// The calls every test client makes (docs/testing-your-app.md): startTestSandbox's sandbox and a
// workspace client (sandbox.workspace(), connectTestSandbox) both act through the keyed routes as
// code in any language reaches them, with their key, so what a test sees is what the API answers.
import type { EndpointFaults, FaultRule, NewFaultRule } from '../../shared/faults';
import type { ClockView, PaymentLink, SimulateEvent, WebhookEndpoint } from '../../shared/types';
import type { KeyedClient } from '../keyedClient';
import type { Advance } from '../sandboxClock';

/** One API call with the client's key; the body is parsed JSON (null when there is none). */
export type Requester = <T = unknown>(
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: T }>;

/** The helpers that are one HTTP call each, the same on every test client. */
export interface ApiHelpers {
  /** One API call with the key; the body is parsed JSON. */
  request: Requester;
  createLink(body: { amount: number; title: string } & Record<string, unknown>): Promise<PaymentLink>;
  simulate(linkId: string, event: SimulateEvent, paymentMethod?: string): Promise<PaymentLink>;
  clock: {
    advance(by: Advance): Promise<ClockView>;
    freeze(): Promise<ClockView>;
    resume(): Promise<ClockView>;
  };
  faults: { add(rule: NewFaultRule): Promise<FaultRule>; clear(): Promise<void> };
}

type Failed = { error?: { message: string } };

/** The answer's data, or an Error with the API's message. */
export type Data = <T>(method: string, path: string, body?: unknown) => Promise<T>;

/**
 * The helpers on `keyed`, with `data` and `endpointFaults` (setWebhookFaults for one endpoint) for
 * the client built on them.
 */
export function apiHelpers(keyed: KeyedClient): {
  helpers: ApiHelpers;
  data: Data;
  endpointFaults(endpointId: string, faults: Partial<EndpointFaults>): Promise<WebhookEndpoint>;
} {
  const request: Requester = async <T>(method: string, path: string, body?: unknown) => {
    const answer = await keyed.send(method, path, { body });
    return { status: answer.status, body: (answer.json ?? null) as T };
  };
  const data = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await request<{ data: T } & Failed>(method, path, body);
    if (answer.status >= 400)
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body?.error?.message}`);
    return answer.body.data;
  };
  const helpers: ApiHelpers = {
    request,
    createLink: (body) => data('POST', '/payment-links', body),
    simulate: (linkId, event, paymentMethod) =>
      data('POST', '/sandbox/simulate', {
        payment_link_id: linkId,
        event,
        ...(paymentMethod === undefined ? {} : { payment_method: paymentMethod }),
      }),
    clock: {
      advance: (by) => data('POST', '/sandbox/clock/advance', by),
      freeze: () => data('POST', '/sandbox/clock/freeze', {}),
      resume: () => data('POST', '/sandbox/clock/resume', {}),
    },
    faults: {
      add: (rule) => data('POST', '/sandbox/faults', rule),
      clear: async () => {
        await data('DELETE', '/sandbox/faults');
      },
    },
  };
  return {
    helpers,
    data,
    endpointFaults: async (endpointId, faults) => {
      const answer = await request<{ data: WebhookEndpoint } & Failed>(
        'PATCH',
        `/sandbox/endpoints/${endpointId}`,
        { faults },
      );
      if (answer.status >= 400) throw new Error(`setWebhookFaults: ${answer.body?.error?.message}`);
      return answer.body.data;
    },
  };
}
