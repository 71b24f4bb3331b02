import { bodyError } from '../core/validation';
import { EVENT_NAME_WORDS, eventTypeNamed, shortEventName } from '../shared/eventNames';
import { CreateLinkBodySchema, type PaymentLink, type WebhookEvent } from '../shared/types';
import { printLines } from './printLines';
import { CommandFailure, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

/** The create fields an --override may set: what a test varies about the link it drives. */
const OVERRIDABLE = ['amount', 'title', 'reference_id', 'expires_at'] as const;
type Overridable = (typeof OVERRIDABLE)[number];

export const TRIGGER_USAGE = `Usage: payment-links-sandbox trigger EVENT [--link ID | --override KEY=VALUE...] [--json]

Drives a pending payment link of the running sandbox to EVENT, which records its webhook event
and sends it to every endpoint that wants it. EVENT is paid, failed, expired or canceled, or
the full type (payment_link.paid…). Without --link it first creates a link to drive (amount
10000, title "Triggered: EVENT"). Prints the link's id and its new status.

Options:
${targetOptions([
  ['--link ID', 'the pending link to drive (default: a new one)'],
  [
    '--override KEY=VALUE',
    `a field of the link it creates (repeatable): KEY is amount, title,\nreference_id or expires_at, e.g. --override amount=2500`,
  ],
  ['--json', 'print the link and the event as one JSON document, {"link", "event"}'],
])}`;

type LinkAnswer = { data: PaymentLink };

/** amount=2500 as JSON would give it, so that a value the API refuses is named as it would be. */
const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * The link to create, --override by --override: each KEY once, one of OVERRIDABLE, and the body
 * as a whole what the API takes (checked by its own validator, so a bad value is named in its
 * words, with what is allowed, before anything is sent).
 */
function createBody(overrides: string[], eventName: string): Record<string, unknown> {
  const body: Record<string, unknown> = { amount: 10000, title: `Triggered: ${eventName}` };
  const given = new Map<Overridable, string>();
  for (const text of overrides) {
    const equals = text.indexOf('=');
    const key = text.slice(0, Math.max(equals, 0)) as Overridable;
    if (equals <= 0 || !OVERRIDABLE.includes(key))
      throw new CommandFailure(
        `--override "${text}": give KEY=VALUE, with KEY one of ${OVERRIDABLE.join(', ')}`,
        2,
      );
    if (given.has(key))
      throw new CommandFailure(
        `--override ${key} is given twice ("${given.get(key)}", "${text}"); give it once`,
        2,
      );
    given.set(key, text);
    const value = text.slice(equals + 1);
    body[key] = key === 'amount' && NUMBER.test(value) ? Number(value) : value;
  }
  const error = bodyError(CreateLinkBodySchema, body);
  if (error) {
    const named = error.param ? given.get(error.param as Overridable) : undefined;
    throw new CommandFailure(`${named ? `--override ${named}: ` : ''}${error.message}`, 2);
  }
  return body;
}

/** `trigger paid`: the Stripe CLI's trigger, for a payment link's four outcomes. */
export const trigger = targetCommand(
  'trigger',
  TRIGGER_USAGE,
  {
    link: { type: 'string' },
    override: { type: 'string', multiple: true },
    json: { type: 'boolean' },
  },
  async ({ values, positionals }) => {
    const type = positionals.length === 1 ? eventTypeNamed(positionals[0] as string) : undefined;
    if (!type)
      throw new CommandFailure(
        `give one event: ${EVENT_NAME_WORDS}${positionals.length > 0 ? `; got "${positionals.join(' ')}"` : ''}`,
        2,
      );
    const outcome = shortEventName(type);
    const overrides = values.override ?? [];
    if (values.link !== undefined && overrides.length > 0)
      throw new CommandFailure(
        '--override sets fields of the link trigger creates; --link names one that exists already: give one or the other',
        2,
      );
    const body = values.link === undefined ? createBody(overrides, outcome) : undefined;
    const sandbox = SandboxClient.from(values);
    let id = values.link;
    if (body) {
      const created = await sandbox.call<LinkAnswer>('POST', '/payment-links', body);
      id = created.data.id;
      if (!values.json) console.log(`Created link ${id} (pending)`);
    }
    const linkId = id as string;
    const { data: link } =
      outcome === 'canceled'
        ? await sandbox.call<LinkAnswer>('POST', `/payment-links/${encodeURIComponent(linkId)}/cancel`)
        : await sandbox.call<LinkAnswer>('POST', '/sandbox/simulate', {
            payment_link_id: linkId,
            event: outcome,
          });
    if (!values.json) {
      console.log(`Link ${link.id}: ${link.status} (webhook ${type})`);
      return 0;
    }
    // Recorded in the same commit as the change, so it is there once the change has answered.
    const events = await sandbox.call<{ data: WebhookEvent[] }>(
      'GET',
      `/sandbox/events?link=${encodeURIComponent(link.id)}&type=${type}&per_page=1`,
    );
    await printLines([JSON.stringify({ link, event: events.data[0] ?? null }, null, 2)]);
    return 0;
  },
);
