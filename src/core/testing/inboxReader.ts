// nextWebhook's feed in a workspace client: its inbox's messages, read over HTTP
// (GET /sandbox/inbox/{name}/messages?since=) each time the client hears of an attempt to it.
import type { InboxMessage } from '../../shared/types';
import type { Data } from './apiHelpers';
import { WebhookFeed } from './receivedWebhooks';

export class InboxReader {
  readonly feed = new WebhookFeed();
  /** The newest message read: the next read asks only for what came after it. */
  private since: string | undefined;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly data: Data,
    readonly name: string,
  ) {}

  /** Adds what came since the last read to the feed. */
  read(): Promise<void> {
    return this.inTurn(async () => {
      const query = this.since === undefined ? '' : `?since=${this.since}`;
      const newestFirst = await this.data<InboxMessage[]>(
        'GET',
        `/sandbox/inbox/${this.name}/messages${query}`,
      );
      this.since = newestFirst[0]?.id ?? this.since;
      for (const message of newestFirst.reverse()) this.feed.add(message);
    });
  }

  /** Empties the inbox and forgets what it held. */
  clear(): Promise<void> {
    return this.inTurn(async () => {
      await this.data('DELETE', `/sandbox/inbox/${this.name}/messages`);
      this.feed.forget();
    });
  }

  /** One read or clear at a time, in the order asked: a read never adds what a clear has emptied. */
  private inTurn(step: () => Promise<void>): Promise<void> {
    const run = this.turn.then(step);
    this.turn = run.catch(() => undefined);
    return run;
  }
}
