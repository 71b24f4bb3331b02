// The endpoint dialog's "Faults" group: webhook faults on purpose (docs/contract.md §13), to see how a
// receiver copes with duplicates, delays, events out of order and a signature that does not verify.
import type { EndpointFaults } from '../../../../shared/faults';

interface EndpointFaultsFieldsProps {
  faults: EndpointFaults;
  /** The delay as typed, so a half-typed number is not lost; checked by the API on save. */
  delayText: string;
  error?: string;
  /** The input the error names ("faults.seed"), when it names one; otherwise it is the group's. */
  errorParam?: string;
  onChange(faults: EndpointFaults): void;
  onDelayText(text: string): void;
  /** The shuffle's seed as typed; empty for none (random). */
  seedText: string;
  onSeedText(text: string): void;
}

const ERROR_ID = 'field-faults-error';
const NUMBER_INPUTS = ['faults.delay_seconds', 'faults.seed'];

const SWITCHES: { key: 'duplicate' | 'shuffle' | 'bad_signature'; label: string }[] = [
  { key: 'duplicate', label: 'Deliver every event twice (same webhook-id)' },
  { key: 'shuffle', label: "Deliver a link's events out of order (within 5 s)" },
  { key: 'bad_signature', label: 'Send an invalid signature' },
];

export function EndpointFaultsFields({
  faults,
  delayText,
  error,
  errorParam,
  onChange,
  onDelayText,
  seedText,
  onSeedText,
}: EndpointFaultsFieldsProps) {
  /** Marks the input named `name` as at fault: the one the error names, else both number inputs. */
  const fault = (name: string) => {
    const named = error !== undefined && (errorParam === name || !NUMBER_INPUTS.includes(errorParam ?? ''));
    return { 'aria-invalid': named || undefined, 'aria-describedby': named ? ERROR_ID : undefined };
  };
  return (
    <fieldset className={error ? 'field checkbox-group field-invalid' : 'field checkbox-group'}>
      <legend>Faults</legend>
      {SWITCHES.map(({ key, label }) => (
        <label key={key} className="checkbox">
          <input
            type="checkbox"
            name={`faults.${key}`}
            checked={faults[key]}
            onChange={() => onChange({ ...faults, [key]: !faults[key] })}
          />
          {label}
        </label>
      ))}
      <label className="checkbox" htmlFor="field-faults-delay">
        Delay the first attempt by
        <input
          id="field-faults-delay"
          name="faults.delay_seconds"
          className="fault-delay-input"
          type="text"
          inputMode="numeric"
          value={delayText}
          {...fault('faults.delay_seconds')}
          onChange={(event) => onDelayText(event.target.value)}
        />
        seconds (sandbox time)
      </label>
      <label className="checkbox" htmlFor="field-faults-seed">
        Shuffle seed
        <input
          id="field-faults-seed"
          name="faults.seed"
          className="fault-seed-input"
          type="text"
          inputMode="numeric"
          placeholder="0 to 4294967295"
          value={seedText}
          {...fault('faults.seed')}
          onChange={(event) => onSeedText(event.target.value)}
        />
        (empty: random)
      </label>
      {error && (
        <span id={ERROR_ID} className="field-error">
          {error}
        </span>
      )}
    </fieldset>
  );
}
