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

  constructor(private readonly deps: EndpointReportDeps) {}

  start(endpointId: string): EndpointCheck {
    const endpoint = this.deps.endpoint(endpointId);
    for (const id of this.byEndpoint.keys()) if (!this.deps.exists(id)) this.byEndpoint.delete(id);
    const check = this.deps.checks.start({ url: endpoint.url, secret: endpoint.secret });
    const entries = this.current(endpointId);
    entries.unshift({ id: check.id, report: null });
    this.byEndpoint.set(endpointId, entries);
    return check;
  }

  /** The endpoint's kept checks, newest first: running ones as they are now, then its reports. */
  list(endpointId: string): EndpointCheck[] {
    this.deps.endpoint(endpointId);
    return this.current(endpointId).map((entry) => entry.report ?? this.deps.checks.get(entry.id));
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

  /**
   * The entries with each finished check's report taken out of the shared list (which keeps only
   * the last finished across all URLs), beyond the last ENDPOINT_REPORTS_KEPT reports dropped.
   */
  private current(endpointId: string): Entry[] {
    const kept: Entry[] = [];
    let reports = 0;
    for (const entry of this.byEndpoint.get(endpointId) ?? []) {
      if (!entry.report) {
        let check: EndpointCheck;
        try {
          check = this.deps.checks.get(entry.id);
        } catch {
          // Finished and pushed out of the shared list before anyone read it: nothing left to show.
          continue;
        }
        if (check.status === 'done') entry.report = check;
      }
      if (entry.report && ++reports > ENDPOINT_REPORTS_KEPT) continue;
      kept.push(entry);
    }
    this.byEndpoint.set(endpointId, kept);
    return kept;
  }
}
