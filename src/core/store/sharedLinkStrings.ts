import type { PaymentLink } from '../../shared/types';

/** Distinct settlement accounts remembered; past it a link keeps its own copy. */
const ACCOUNTS_KEPT = 1000;

/**
 * One copy of the strings many links hold alike, for the index (store/linkIndex.ts) to hand every
 * link it takes. A link read from the store (JSON.parse) holds its own copy of each string: its
 * settlement account (the same for nearly all), and its created_at and expires_at (the same for
 * the links made in one millisecond, which are read one after another). At a million links those
 * copies are 130 MB of the heap (issue 28). A field is only ever set to an equal string, so the
 * records stay what they were.
 */
export class SharedLinkStrings {
  private readonly accounts = new Map<string, string>();
  private created = '';
  private expires = '';

  share(link: PaymentLink): void {
    const mutable = link as { -readonly [K in keyof PaymentLink]: PaymentLink[K] };
    const account = this.accounts.get(link.settlement_account_id);
    if (account !== undefined) mutable.settlement_account_id = account;
    else if (this.accounts.size < ACCOUNTS_KEPT)
      this.accounts.set(link.settlement_account_id, link.settlement_account_id);
    if (link.created_at === this.created) mutable.created_at = this.created;
    else this.created = link.created_at;
    if (link.expires_at === this.expires) mutable.expires_at = this.expires;
    else this.expires = link.expires_at;
  }
}
