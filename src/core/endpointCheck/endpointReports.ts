import type { EndpointCheck } from '../../shared/endpointCheck';
import { ENDPOINT_REPORTS_KEPT } from '../../shared/endpointCheckReports';
import type { WebhookEndpoint } from '../../shared/types';
import { SandboxError } from '../errors';
import type { EndpointChecks } from './endpointChecks';

export interface EndpointReportDeps {
  checks: EndpointChecks;
  /** The endpoint, or the 404 that names it. */
  endpoint(id: string): WebhookEndpoint;
  exists(id: string): boolean;
}

/** One check started for an endpoint: its id while it runs, its report once it is done. */
interface Entry {
  id: string;
  report: EndpointCheck | null;
}

/**
 * The console's checks, kept with the endpoint they checked (docs/endpoint-check.md "In the
 * console"): every running check and the ENDPOINT_REPORTS_KEPT last finished per endpoint, in
 * memory until the sandbox stops (docs/storage.md). The check runs with the endpoint's own URL and
 * secret, so the console never handles the secret.
 */
export class EndpointReports {
  /** Per endpoint id, newest first. */
  private readonly byEndpoint = new Map<string, Entry[]>();
  /** The endpoint each running check belongs to, for its report when it finishes. */
  private readonly endpointOf = new Map<string, string>();

  constructor(private readonly deps: EndpointReportDeps) {}

  start(endpointId: string): EndpointCheck {
    const endpoint = this.deps.endpoint(endpointId);
    for (const id of this.byEndpoint.keys()) if (!this.deps.exists(id)) this.byEndpoint.delete(id);
    const check = this.deps.checks.start({ url: endpoint.url, secret: endpoint.secret });
    this.byEndpoint.set(endpointId, [
      { id: check.id, report: null },
      ...(this.byEndpoint.get(endpointId) ?? []),
    ]);
    this.endpointOf.set(check.id, endpointId);
    // A check of no probes is done before start returns, before keep could know its endpoint.
    if (check.status === 'done') this.keep(check);
    return check;
  }

  /**
   * A check has finished: its report is kept here, since the shared list keeps only the last
   * finished across every URL and could drop it before the console reads it.
   */
  keep(check: EndpointCheck): void {
    const endpointId = this.endpointOf.get(check.id);
    if (endpointId === undefined) return;
    this.endpointOf.delete(check.id);
    const entries = this.byEndpoint.get(endpointId);
    const entry = entries?.find((kept) => kept.id === check.id);
    if (!entries || !entry) return;
    entry.report = check;
    let reports = 0;
    this.byEndpoint.set(
      endpointId,
      entries.filter((kept) => kept.report === null || ++reports <= ENDPOINT_REPORTS_KEPT),
    );
  }

  /** The endpoint's kept checks, newest first: running ones as they are now, then its reports. */
  list(endpointId: string): EndpointCheck[] {
    this.deps.endpoint(endpointId);
    // A running check is never dropped from the shared list, so it can always be read there.
    return (this.byEndpoint.get(endpointId) ?? []).map(
      (entry) => entry.report ?? this.deps.checks.get(entry.id),
    );
  }

  /** As get, once the check is done or after `ms` (EndpointChecks.whenDone). */
  async whenDone(
    endpointId: string,
    checkId: string,
    ms: number,
    gone?: AbortSignal,
  ): Promise<EndpointCheck> {
    const now = this.get(endpointId, checkId);
    if (now.status === 'done' || ms <= 0) return now;
    await this.deps.checks.whenDone(checkId, ms, gone);
    return this.get(endpointId, checkId);
  }

  get(endpointId: string, checkId: string): EndpointCheck {
    const found = this.list(endpointId).find((check) => check.id === checkId);
    if (!found)
      throw new SandboxError(
        'resource_not_found',
        `No check ${checkId} for endpoint ${endpointId}: each endpoint keeps its running checks and its last ${ENDPOINT_REPORTS_KEPT} reports.`,
      );
    return found;
  }
}
