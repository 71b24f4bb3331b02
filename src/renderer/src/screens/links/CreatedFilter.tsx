// The "Created" filter: a preset, or a custom range of days (a reversed one shows no links, and why).
import { useEffect, useState } from 'react';
import { CREATED_PRESETS, rangeProblem, type CreatedPreset, type CreatedRange } from '../../lib/createdRange';
import { useConsoleStore } from '../../store/consoleStore';

export function CreatedFilter() {
  const applied = useConsoleStore((state) => state.links.created);
  const setFilter = useConsoleStore((state) => state.setLinkFilter);
  const [draft, setDraft] = useState<CreatedRange>(applied);
  // The range can also change from the address (Back, a pasted address): the fields follow.
  useEffect(() => setDraft(applied), [applied]);
  const problem = rangeProblem(draft);

  const change = (next: CreatedRange) => {
    setDraft(next);
    // Applied even when reversed: the list then loads nothing and says so (see loadLinks).
    setFilter({ created: next });
  };

  return (
    <div className="created-filter">
      <label className="field-inline">
        <span>Created</span>
        <select
          value={draft.preset}
          onChange={(event) => change({ ...draft, preset: event.target.value as CreatedPreset })}
        >
          {CREATED_PRESETS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {draft.preset === 'custom' && (
        <>
          <label className="field-inline">
            <span>From</span>
            <input
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => change({ ...draft, from: event.target.value })}
            />
          </label>
          <label className="field-inline">
            <span>To</span>
            <input
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'created-range-error' : undefined}
              onChange={(event) => change({ ...draft, to: event.target.value })}
            />
          </label>
          {problem && (
            <span id="created-range-error" className="field-error" role="alert">
              {problem}
            </span>
          )}
        </>
      )}
    </div>
  );
}
