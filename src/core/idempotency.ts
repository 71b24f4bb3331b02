import { createHash } from 'node:crypto';
import stableStringify from 'fast-json-stable-stringify';
import { isoTime, type Clock } from './clock';
import { SandboxError } from './errors';
import type { IdempotencyRecord, Op } from './store/ops';
import type { StoreState } from './store/storeState';

export const IDEMPOTENCY_RETENTION_MS = 24 * 3600 * 1000;

export interface IdempotencyClaim {
  /**
   * The op that stores this response; commit it with the change it reports. `keptFrom` is the
   * sandbox moment its 24 hours start: an advance's own record counts from the time it moved to,
   * or a long advance would outlive the record that guards its retry.
   */
  record(status: number, body: string, requestId: string, keptFrom?: number): Op;
  release(): void;
}

export type IdempotencyOutcome = { replay: IdempotencyRecord } | { claim: IdempotencyClaim };

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${stableStringify(body ?? null)}`)
    .digest('hex');
}

/** docs/contract.md §5: one outcome per (API key, Idempotency-Key), replayed for the same request. */
export class IdempotencyGuard {
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly state: StoreState,
    private readonly clock: Clock,
  ) {}

  static validateKey(key: string): void {
    if (key.length < 1 || key.length > 255) {
      throw new SandboxError(
        'idempotency_key_invalid',
        `Idempotency-Key must be 1 to 255 characters long; got ${key.length}.`,
        'Idempotency-Key',
      );
    }
  }

  begin(apiKey: string, key: string, print: string): IdempotencyOutcome {
    IdempotencyGuard.validateKey(key);
    const scope = `${apiKey} ${key}`;
    const now = this.clock.now();
    // Checked first: the first request's stored response is in memory before it is on disk, and
    // replaying it then would acknowledge what a crash could still lose.
    if (this.inFlight.has(scope)) {
      throw new SandboxError(
        'idempotency_request_in_progress',
        `A request with Idempotency-Key "${key}" is still being processed; retry once it has finished.`,
        'Idempotency-Key',
      );
    }
    const stored = this.state.idempotency.get(scope);
    if (stored && stored.expires_at_ms > now) {
      if (stored.fingerprint === print) return { replay: stored };
      throw new SandboxError(
        'idempotency_key_reused',
        `Idempotency-Key "${key}" was first used ${stored.created_at} for a different request; use a new key for a new request.`,
        'Idempotency-Key',
      );
    }
    this.inFlight.add(scope);
    return {
      claim: {
        record: (status, body, requestId, keptFrom = now) => ({
          op: 'idem',
          v: {
            scope,
            fingerprint: print,
            status,
            body,
            request_id: requestId,
            created_at: isoTime(now),
            expires_at_ms: keptFrom + IDEMPOTENCY_RETENTION_MS,
          },
        }),
        release: () => this.inFlight.delete(scope),
      },
    };
  }
}
