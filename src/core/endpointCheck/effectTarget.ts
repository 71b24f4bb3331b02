import type { EndpointCheckStart } from '../../shared/endpointCheck';
import { SandboxError } from '../errors';
import type { EffectTarget, LinkDriver } from './effectProbes';
import { STATE_URL_PLACEHOLDERS, stateUrlFor } from './stateReading';

const FIELDS = ['link_id', 'state_url', 'state_path'] as const;

const invalid = (param: string, message: string): SandboxError =>
  new SandboxError('parameter_invalid', message, param);

/**
 * The effect checks asked for, or null when none are: link_id, state_url and state_path come
 * together, and the link must be one of this sandbox's, still pending (docs/endpoint-check.md).
 */
export function effectTarget(input: EndpointCheckStart, links: LinkDriver): EffectTarget | null {
  const given = FIELDS.filter((field) => input[field] !== undefined);
  if (given.length === 0) return null;
  const missing = FIELDS.find((field) => input[field] === undefined);
  if (missing)
    throw new SandboxError(
      'parameter_missing',
      `link_id, state_url and state_path go together for the effect checks; ${given.join(' and ')} ${given.length === 1 ? 'was' : 'were'} given without ${missing}.`,
      missing,
    );
  const target = {
    linkId: input.link_id,
    stateUrl: input.state_url,
    statePath: input.state_path,
  } as EffectTarget;
  if (!STATE_URL_PLACEHOLDERS.some((p) => target.stateUrl.includes(p)))
    throw invalid(
      'state_url',
      `state_url must name the order with a placeholder, ${STATE_URL_PLACEHOLDERS.join(' or ')}, e.g. http://localhost:3000/orders/{reference_id}.`,
    );
  const link = links.get(target.linkId);
  if (!link)
    throw invalid(
      'link_id',
      `No payment link with id ${target.linkId} in this sandbox: the effect checks drive a pending link your app made here.`,
    );
  if (link.status !== 'pending')
    throw invalid(
      'link_id',
      `Payment link ${link.id} is ${link.status}; the effect checks drive a pending link (they make it failed, then canceled), so make a new one.`,
    );
  if (target.stateUrl.includes('{reference_id}') && link.reference_id === null)
    throw invalid(
      'state_url',
      `state_url uses {reference_id} but payment link ${link.id} has none; use {link_id}, or a link made with a reference_id.`,
    );
  let filled: URL;
  try {
    filled = new URL(stateUrlFor(target.stateUrl, link));
  } catch {
    throw invalid(
      'state_url',
      `state_url ${JSON.stringify(target.stateUrl)} is not a web address once filled in; use an absolute http:// or https:// URL.`,
    );
  }
  if (filled.protocol !== 'http:' && filled.protocol !== 'https:')
    throw invalid(
      'state_url',
      `state_url starts with ${filled.protocol}//; only http:// and https:// URLs can be read.`,
    );
  return { ...target, linkId: link.id };
}
