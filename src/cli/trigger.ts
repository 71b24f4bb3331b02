import type { PaymentLink } from '../shared/types';
import { CommandFailure, SandboxClient, targetCommand, targetOptions } from './sandboxClient';

const OUTCOMES = ['paid', 'failed', 'expired', 'canceled'] as const;
type Outcome = (typeof OUTCOMES)[number];

export const TRIGGER_USAGE = `Usage: payment-links-sandbox trigger paid|failed|expired|canceled [--link ID]

Drives a pending payment link of the running sandbox to an outcome, which sends its webhook.
Without --link it first creates a link to drive. Prints the link's id and its new status.

Options:
${targetOptions([['--link ID', 'the pending link to drive (default: a new one)']])}`;

type LinkAnswer = { data: PaymentLink };

/** `trigger paid`: the Stripe CLI's trigger, for a payment link's four outcomes. */
export const trigger = targetCommand(
  'trigger',
  TRIGGER_USAGE,
  { link: { type: 'string' } },
  async ({ values, positionals }) => {
    const outcome = positionals[0] as Outcome | undefined;
    if (positionals.length !== 1 || !OUTCOMES.includes(outcome as Outcome))
      throw new CommandFailure(
        `give one outcome: paid, failed, expired or canceled${positionals.length > 0 ? `; got "${positionals.join(' ')}"` : ''}`,
        2,
      );
    const sandbox = SandboxClient.from(values);
    let id = values.link;
    if (id === undefined) {
      const created = await sandbox.call<LinkAnswer>('POST', '/payment-links', {
        amount: 10000,
        title: `Triggered: ${outcome}`,
      });
      id = created.data.id;
      console.log(`Created link ${id} (pending)`);
    }
    const { data: link } =
      outcome === 'canceled'
        ? await sandbox.call<LinkAnswer>('POST', `/payment-links/${encodeURIComponent(id)}/cancel`)
        : await sandbox.call<LinkAnswer>('POST', '/sandbox/simulate', {
            payment_link_id: id,
            event: outcome,
          });
    console.log(`Link ${link.id}: ${link.status} (webhook payment_link.${outcome})`);
    return 0;
  },
);
