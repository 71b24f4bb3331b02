import type { WebhookEndpoint } from '../../shared/types';
import type { Clock } from '../clock';
import type { Store } from '../store/store';
import { endpointControls, findEndpoint, type EndpointChange, type EndpointInput } from './endpointControls';

/** Webhook endpoints as the API and the console change them: each change decided, then committed. */
export class EndpointService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /** Every endpoint, oldest first. */
  list(): WebhookEndpoint[] {
    return endpointControls.list(this.store.state);
  }

  find(id: string): WebhookEndpoint {
    return findEndpoint(this.store.state, id);
  }

  async create(input: EndpointInput & { url: string; secret?: string }): Promise<WebhookEndpoint> {
    const { endpoint, ops } = endpointControls.create(input, this.clock.now());
    await this.store.commit(ops);
    return endpoint;
  }

  /** The fields given; a secret is a rotation, as rotateSecret's (the old one keeps signing beside it). */
  async update(id: string, patch: EndpointChange): Promise<WebhookEndpoint> {
    const { endpoint, ops } = endpointControls.update(this.store.state, id, patch, this.clock.now());
    await this.store.commit(ops);
    return endpoint;
  }

  async rotateSecret(id: string): Promise<WebhookEndpoint> {
    const { endpoint, ops } = endpointControls.rotateSecret(this.store.state, id, this.clock.now());
    await this.store.commit(ops);
    return endpoint;
  }

  async remove(id: string): Promise<void> {
    await this.store.commit(endpointControls.remove(this.store.state, id));
  }
}
