import type { CreateLinkBody } from '../shared/types';
import type { LinkAction } from '../shared/linkStates';

/** What one sample becomes after it is created: left pending, or driven by one action. */
export interface SamplePlan {
  body: CreateLinkBody;
  then: { action: LinkAction; paymentMethod?: string } | null;
}

/**
 * Ten in a row as a tester would want to see them: most pending (to act on), some paid, and one
 * each of failed, expired and canceled. A fixed cycle, so a count gives the same mix every time.
 */
const CYCLE: (LinkAction | null)[] = [
  null,
  null,
  null,
  null,
  'paid',
  'paid',
  'paid',
  'failed',
  'expired',
  'cancel',
];
const METHODS = ['card', 'bank_transfer', 'ewallet'];
const ITEMS = ['Coffee beans', 'Annual plan', 'Concert ticket', 'Repair service', 'Book order', 'Gift card'];

/** The n-th sample (from 0): its create body and what happens to it next. */
export function samplePlan(n: number, batchTag: string): SamplePlan {
  const action = CYCLE[n % CYCLE.length] as LinkAction | null;
  // Amounts spread over four orders of magnitude, from the index alone (no randomness to test around).
  const amount = 1_000 + ((n * 7_919) % 9_973) * 10 ** (n % 4);
  return {
    body: {
      amount,
      title: `${ITEMS[n % ITEMS.length]} #${n + 1}`,
      reference_id: `sample-${batchTag}-${n + 1}`,
      note: n % 3 === 0 ? 'Created as a sample from the console' : undefined,
    },
    then:
      action === null
        ? null
        : { action, paymentMethod: action === 'paid' ? METHODS[n % METHODS.length] : undefined },
  };
}
