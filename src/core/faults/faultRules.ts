import { randomBytes } from 'node:crypto';
import {
  faultActionProblem,
  FAULTABLE_ROUTES,
  MAX_FAULT_RULES,
  type FaultRule,
  type NewFaultRule,
} from '../../shared/faults';
import { isoTime } from '../clock';
import { SandboxError } from '../errors';
import type { SandboxClock } from '../sandboxClock';
import type { Store } from '../store/store';
import { drawsFor, wholeUpTo, type Draw } from './seededDraws';

const newRuleId = (): string => `flt_${randomBytes(8).toString('hex')}`;
const ROUTES: ReadonlySet<string> = new Set(FAULTABLE_ROUTES);

/** A rule that hit a request, and the commit that counted it down (resolved when nothing counts). */
export interface FaultHit {
  rule: FaultRule;
  counted: Promise<void>;
  /** A latency rule's wait: its ms plus the jitter it drew. */
  latencyMs?: number;
}

/**
 * The API fault rules (docs/contract.md §13): kept in the store beside the settings, matched against each
 * API request by method, route pattern and key. Only FAULTABLE_ROUTES can be hit, so the
 * sandbox's own controls (/sandbox/faults, /sandbox/clock…) always answer.
 */
export class FaultRules {
  /** Whether any rule is on, worked out once per change of the list (lists are replaced, never edited). */
  private armedFor: FaultRule[] | null = null;
  private anyOn = false;
  /**
   * Each rule's draws, by id: a rule's seed starts its sequence when the rule is added (or the
   * sandbox starts), and counting it down keeps it going.
   */
  private readonly draws = new Map<string, Draw>();

  constructor(
    private readonly store: Store,
    private readonly clock: SandboxClock,
  ) {}

  /** The one check every API request pays: without a rule that is on, a comparison and a read. */
  get armed(): boolean {
    const rules = this.store.state.faults;
    if (rules !== this.armedFor) {
      this.armedFor = rules;
      this.anyOn = rules.some((rule) => rule.enabled);
    }
    return this.anyOn;
  }

  list(): FaultRule[] {
    return this.store.state.faults;
  }

  async add(input: NewFaultRule): Promise<FaultRule> {
    const rules = this.list();
    if (rules.length >= MAX_FAULT_RULES)
      throw new SandboxError(
        'parameter_invalid',
        `There are already ${MAX_FAULT_RULES} fault rules, the most the sandbox keeps; remove one first.`,
      );
    const rule = this.made(input);
    await this.save([...rules, rule]);
    return rule;
  }

  /** Exactly these rules from now on (--fault and --faults at start). */
  async replaceAll(inputs: NewFaultRule[]): Promise<void> {
    await this.save(inputs.slice(0, MAX_FAULT_RULES).map((input) => this.made(input)));
  }

  async setEnabled(id: string, enabled: boolean): Promise<FaultRule> {
    const rule = this.find(id);
    const next = { ...rule, enabled };
    await this.save(this.list().map((r) => (r.id === id ? next : r)));
    return next;
  }

  async remove(id: string): Promise<void> {
    this.find(id);
    await this.save(this.list().filter((r) => r.id !== id));
  }

  /** Removes every rule; answers how many there were. */
  async clear(): Promise<number> {
    const count = this.list().length;
    if (count > 0) await this.save([]);
    return count;
  }

  /**
   * The first enabled rule that matches and wins its draw, counted down at once in memory (so
   * concurrent requests never take more than N) and durably by the returned commit; a rule whose
   * count reaches zero is removed. A rule takes the next of its draws for each matching request it
   * looks at while its probability is below 1, and the next for the jitter of each request it hits.
   */
  hit(method: string, route: string | undefined, apiKey: string | null): FaultHit | null {
    if (route === undefined || !ROUTES.has(route)) return null;
    for (const rule of this.list()) {
      const { match } = rule;
      if (!rule.enabled) continue;
      if (match.method !== undefined && match.method !== method) continue;
      if (match.path !== undefined && match.path !== route) continue;
      if (match.api_key !== undefined && match.api_key !== apiKey) continue;
      const probability = rule.probability ?? 1;
      if (probability < 1 && !(this.drawOf(rule)() < probability)) continue;
      const { action } = rule;
      const latency =
        action.type === 'latency'
          ? {
              latencyMs:
                (action.ms ?? 0) + (action.jitter_ms ? wholeUpTo(this.drawOf(rule), action.jitter_ms) : 0),
            }
          : {};
      if (rule.remaining === undefined) return { rule, counted: Promise.resolve(), ...latency };
      const left = rule.remaining - 1;
      const rules =
        left === 0
          ? this.list().filter((r) => r !== rule)
          : this.list().map((r) => (r === rule ? { ...r, remaining: left } : r));
      return { rule, counted: this.save(rules), ...latency };
    }
    return null;
  }

  /** A new rule with its id, or the problem with its action's fields. */
  private made(input: NewFaultRule): FaultRule {
    const problem = faultActionProblem(input.action);
    if (problem) {
      const missing = problem.missing === true;
      throw new SandboxError(
        missing ? 'parameter_missing' : 'parameter_invalid',
        `${missing ? 'Missing' : 'Invalid'} ${problem.param}: ${problem.problem}.`,
        problem.param,
      );
    }
    return {
      id: newRuleId(),
      ...input,
      match: input.match ?? {},
      enabled: input.enabled ?? true,
      created_at: isoTime(this.clock.now()),
    };
  }

  private find(id: string): FaultRule {
    const rule = this.list().find((r) => r.id === id);
    if (!rule)
      throw new SandboxError(
        'resource_not_found',
        `No fault rule ${JSON.stringify(id)}: it was removed, or used up its remaining count. GET /sandbox/faults lists the rules.`,
        'id',
      );
    return rule;
  }

  private drawOf(rule: FaultRule): Draw {
    let draw = this.draws.get(rule.id);
    if (!draw) {
      draw = drawsFor(rule.seed);
      this.draws.set(rule.id, draw);
    }
    return draw;
  }

  private save(rules: FaultRule[]): Promise<void> {
    const kept = new Set(rules.map((rule) => rule.id));
    for (const id of this.draws.keys()) if (!kept.has(id)) this.draws.delete(id);
    return this.store.commit([{ op: 'faults', v: rules }]);
  }
}
