import type { Settings } from '../shared/types';
import { withDefaults } from './settings';

/**
 * The stored settings over the defaults. Every request reads them, so they are merged once per
 * change rather than per read.
 */
export class MergedSettings {
  private merged: { from: Settings | null | undefined; value: Settings } = {
    from: undefined,
    value: withDefaults(null),
  };

  constructor(private readonly stored: () => Settings | null) {}

  get value(): Settings {
    const stored = this.stored();
    if (this.merged.from !== stored) this.merged = { from: stored, value: withDefaults(stored) };
    return this.merged.value;
  }
}
