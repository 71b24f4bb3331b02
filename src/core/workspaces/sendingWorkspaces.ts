import type { sendAttempt } from '../webhooks/sendAttempt';

type Send = typeof sendAttempt;

/**
 * Which workspace is sending each webhook on the wire right now, by its webhook-id (docs/contract.md
 * §15): how the built-in inbox, which takes no key, knows whose endpoint a message came from. One per
 * server, shared by its workspaces; an id is held only while its request is on the wire, so the map
 * holds no more than the attempts in flight. Event ids are random UUIDs, unique across workspaces.
 */
export class SendingWorkspaces {
  private readonly onWire = new Map<string, { workspace: string; count: number }>();

  /** `send` as workspace `workspace` sends: its webhook-id is known to be that workspace's while on the wire. */
  sender(workspace: string, send: Send): Send {
    return (url, headers, body, timeoutMs, method) => {
      const id = headers['webhook-id'];
      if (id === undefined) return send(url, headers, body, timeoutMs, method);
      const held = this.onWire.get(id);
      if (held?.workspace === workspace) held.count++;
      else this.onWire.set(id, { workspace, count: 1 });
      return send(url, headers, body, timeoutMs, method).finally(() => this.release(id, workspace));
    };
  }

  /** The workspace sending the webhook with this id now, if one of this server's is. */
  of(webhookId: string | undefined): string | undefined {
    return webhookId === undefined ? undefined : this.onWire.get(webhookId)?.workspace;
  }

  private release(id: string, workspace: string): void {
    const held = this.onWire.get(id);
    if (held?.workspace !== workspace) return;
    if (--held.count === 0) this.onWire.delete(id);
  }
}
