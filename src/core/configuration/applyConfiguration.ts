import stableStringify from 'fast-json-stable-stringify';
import { isDeepStrictEqual } from 'node:util';
import type { FaultRule, NewFaultRule } from '../../shared/faults';
import type { Settings } from '../../shared/types';
import { feeProblem } from '../domain/fees';
import { actionTo } from '../../shared/linkStates';
import { commitInSlices } from '../commitInSlices';
import type { SandboxCore } from '../sandboxCore';
import { settingsWith } from '../settings';
import type { Op } from '../store/ops';
import type { StoreState } from '../store/storeState';
import { endpointControls } from '../webhooks/endpointControls';
import type { ConfigLink } from './configurationSchema';
import { ConfigurationError, type Configuration } from './readConfiguration';

/** A rule as declared, whatever ids, times and defaults the store added: to see whether it changed. */
const declared = (rule: NewFaultRule | FaultRule): string =>
  stableStringify({
    match: rule.match ?? {},
    action: rule.action,
    remaining: rule.remaining,
    probability: rule.probability,
    seed: rule.seed,
    enabled: rule.enabled ?? true,
  });

/** Whether a declared link is in the store: one made already is left as it is now. */
export const isMade = (state: StoreState, link: ConfigLink): boolean =>
  state.links.get(link.id.toLowerCase()) !== undefined;

/**
 * Why the file cannot be applied over these settings, checked before anything is written: the
 * fees a link would carry depend on the stored settings as well as the file's. A link already
 * made is left as it is now.
 */
export function configurationProblems(
  settings: Settings,
  configuration: Configuration,
  made: (link: ConfigLink) => boolean,
): string[] {
  const applied = settingsWith(settings, configuration.settings ?? {});
  const problems: string[] = [];
  (configuration.links ?? []).forEach((link, i) => {
    if (made(link)) return;
    const unpaid = feeProblem(link.amount, applied);
    if (unpaid) problems.push(`links[${i}].amount: ${unpaid.message}`);
  });
  return problems;
}

/**
 * Applies a configuration file through the services the API uses (docs/configuration.md): its
 * settings over the stored ones, its endpoints by id, exactly its fault rules, its clock, and each
 * fixture link not made yet. Each part is written only where the store differs, so applying the
 * same file again changes nothing. A problem is found before the first write.
 */
export async function applyConfiguration(core: SandboxCore, configuration: Configuration): Promise<void> {
  const { state } = core.store;
  const problems = configurationProblems(core.settings, configuration, (link) => isMade(state, link));
  if (problems.length > 0) throw new ConfigurationError(configuration.source, problems);
  const { settings, endpoints, faults, clock } = configuration;
  if (settings && !isDeepStrictEqual(settingsWith(core.settings, settings), core.settings))
    await core.updateSettings(settings);
  const now = core.clock.now();
  // A field the file leaves out is left out here too, so the endpoint keeps its value.
  const endpointOps = (endpoints ?? []).flatMap(({ events, ...endpoint }) =>
    endpointControls.declare(state, events ? { ...endpoint, event_types: events } : endpoint, now),
  );
  if (endpointOps.length > 0) await core.store.commit(endpointOps);
  if (faults && faults.map(declared).join('\n') !== core.faults.list().map(declared).join('\n'))
    await core.faults.replaceAll(faults);
  // The clock before the links, so they are made at the sandbox time the file asks for.
  if (clock) await core.time.start(clock);
  const links = (configuration.links ?? []).filter((link) => !isMade(state, link));
  if (links.length === 0) return;
  // As many links as the store holds or more (a first start, a reset): one commit, written as a new
  // snapshot (docs/storage.md). A few added to a large store would rewrite all of it: journal lines.
  if (links.length >= state.links.size)
    await core.store.commitWhole(links.flatMap((fixture) => linkOps(core, fixture)));
  else await commitInSlices(core.store, links.length, (i) => linkOps(core, links[i] as ConfigLink));
}

function linkOps(core: SandboxCore, fixture: ConfigLink): Op[] {
  const { id, status = 'pending', expires_in_seconds, ...body } = fixture;
  const { settings } = core;
  // A lifetime rather than a moment: a file kept in git would otherwise hold a time gone stale.
  const lifetime =
    expires_in_seconds === undefined ? settings : { ...settings, link_lifetime_seconds: expires_in_seconds };
  const created = core.links.create(
    body,
    lifetime,
    core.publicBaseUrl(),
    core.settlementAccountId,
    id.toLowerCase(),
  );
  if (status === 'pending') return created.ops;
  // Decided on the new link before it is stored: the same change simulate or cancel makes. Only
  // the decided version is committed; the pending one would be overwritten in the same commit.
  return core.links.decide(created.link, actionTo(status), settings).ops;
}
