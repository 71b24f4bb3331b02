import type { ScenarioStep } from '../../shared/scenario';
import { isIdToken, replaceIds } from './idShapes';

/** One HTTP request a step sends. */
export interface StepRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** The body as sent, JSON or raw text; absent for none. */
  body?: string;
}

/**
 * Ids as the replay knows them: links named by a create's `as`, and ids seen in a recorded answer
 * mapped to the ones the fresh sandbox gave (an exported session names its own ids).
 */
export class StepIds {
  private readonly aliases = new Map<string, string>();
  private readonly replaced = new Map<string, string>();

  name(alias: string, id: string): void {
    this.aliases.set(alias, id);
  }

  /** A recorded answer said `recorded` where the replay's said `fresh`. */
  map(recorded: string, fresh: string): void {
    if (recorded !== fresh) this.replaced.set(recorded, fresh);
  }

  link(ref: string): string {
    return this.aliases.get(ref) ?? this.replaced.get(ref) ?? ref;
  }

  /** Replaces recorded ids and `{{alias}}` in a path or a body's text. */
  rewrite(text: string): string {
    let out = text.replace(
      /\{\{([A-Za-z0-9_-]{1,64})\}\}/g,
      (whole, alias: string) => this.aliases.get(alias) ?? whole,
    );
    for (const [recorded, fresh] of this.replaced) out = out.split(recorded).join(fresh);
    return out;
  }
}

const json = (value: unknown) => JSON.stringify(value);

/** The request a step sends, or null for a step that only checks (expect_webhook). */
export function stepRequest(step: ScenarioStep, ids: StepIds): StepRequest | null {
  const keyed = (key: string | undefined): Record<string, string> =>
    key === undefined ? {} : { 'Idempotency-Key': key };
  if ('request' in step) {
    const { method, path, headers = {}, body, raw_body } = step.request;
    const text = raw_body ?? (body === undefined ? undefined : json(body));
    return {
      method,
      path: ids.rewrite(path),
      headers,
      ...(text === undefined ? {} : { body: ids.rewrite(text) }),
    };
  }
  if ('create' in step)
    return {
      method: 'POST',
      path: '/payment-links',
      headers: keyed(step.idempotency_key),
      body: json(step.create),
    };
  if ('retrieve' in step)
    return {
      method: 'GET',
      path: `/payment-links/${encodeURIComponent(ids.link(step.retrieve))}`,
      headers: {},
    };
  if ('list' in step) {
    const query = new URLSearchParams(
      Object.entries(step.list).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return { method: 'GET', path: `/payment-links${query ? `?${query}` : ''}`, headers: {} };
  }
  if ('cancel' in step)
    return {
      method: 'POST',
      path: `/payment-links/${encodeURIComponent(ids.link(step.cancel))}/cancel`,
      headers: keyed(step.idempotency_key),
    };
  if ('simulate' in step)
    return {
      method: 'POST',
      path: '/sandbox/simulate',
      headers: {},
      body: json({
        payment_link_id: ids.link(step.simulate),
        event: step.event,
        ...(step.payment_method === undefined ? {} : { payment_method: step.payment_method }),
      }),
    };
  if ('advance_clock' in step)
    return { method: 'POST', path: '/sandbox/clock/advance', headers: {}, body: json(step.advance_clock) };
  return null;
}

/**
 * The ids a title shows: the alias a step names a link by, as `{{alias}}`, and `{id}` for an id,
 * so a step's name stays the same from run to run (CI history follows a test by its name).
 */
class TitleIds extends StepIds {
  private readonly refs: string[] = [];

  override link(ref: string): string {
    this.refs.push(isIdToken(ref) ? '{id}' : `{{${ref}}}`);
    return `__ref${this.refs.length - 1}__`;
  }

  override rewrite(text: string): string {
    return replaceIds(text, () => '{id}');
  }

  shown(text: string): string {
    return text.replace(/__ref(\d+)__/g, (_, n: string) => this.refs[Number(n)] ?? '');
  }
}

/** How a step reads in the report and in JUnit: `3 GET /payment-links/{{mug}}`, or its name. */
export function stepTitle(step: ScenarioStep, index: number): string {
  if (step.name) return `${index + 1} ${step.name}`;
  const ids = new TitleIds();
  const request = stepRequest(step, ids);
  if (request) return `${index + 1} ${request.method} ${ids.shown(request.path)}`;
  return `${index + 1} ${'expect_webhook' in step ? `expect webhook ${step.expect_webhook.type}` : 'step'}`;
}
