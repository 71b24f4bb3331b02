import type { DraftErrors, DraftField, SettingsDraft } from '../../lib/settingsDraft';

/** What every section of the Settings form gets: the working copy, its errors, and a setter. */
export interface SectionProps {
  draft: SettingsDraft;
  errors: DraftErrors;
  change<F extends DraftField>(field: F): (value: SettingsDraft[F]) => void;
}
