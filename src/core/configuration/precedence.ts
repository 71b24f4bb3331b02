import type { NewFaultRule } from '../../shared/faults';
import type { ClockStart } from '../clockControls';
import type { Configuration } from './readConfiguration';

/**
 * What this run applies at start and again at each reset: the configuration file, with the flags
 * that overlap it on top (docs/configuration.md, "Precedence"). --fault / --faults replace the
 * file's fault rules; --clock and --clock-offset each replace their half of its clock.
 */
export function runConfiguration(
  file: Configuration | undefined,
  flags: { faults?: NewFaultRule[]; clockStart?: ClockStart },
): Configuration | undefined {
  if (!file && !flags.faults && !flags.clockStart) return undefined;
  const configuration: Configuration = { ...(file ?? { source: 'the command line' }) };
  if (flags.faults) configuration.faults = flags.faults;
  if (flags.clockStart) {
    const clock = { ...configuration.clock };
    if (flags.clockStart.state !== undefined) clock.state = flags.clockStart.state;
    if (flags.clockStart.offsetSeconds !== undefined) clock.offsetSeconds = flags.clockStart.offsetSeconds;
    configuration.clock = clock;
  }
  return configuration;
}
