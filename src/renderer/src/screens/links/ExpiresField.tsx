// When a new link expires: the sandbox's default lifetime, a preset (1 min, 1 h, 1 day) or a
// custom moment; presets count from sandbox time, since that is the clock the link expires by.
import { FieldNotes, fieldDescribedBy } from '../../components/FieldNotes';
import { sandboxNow } from '../../hooks/useNow';

export type ExpiresChoice = 'default' | '60' | '3600' | '86400' | 'custom';

const CHOICES: { value: ExpiresChoice; label: string }[] = [
  { value: 'default', label: 'Default lifetime (Settings)' },
  { value: '60', label: 'In 1 minute' },
  { value: '3600', label: 'In 1 hour' },
  { value: '86400', label: 'In 1 day' },
  { value: 'custom', label: 'Custom…' },
];

/**
 * The expires_at to send, or undefined for the default. The one-minute preset gets a second more,
 * as the API refuses anything under 60 s from its own now, which has moved on by the time it reads it.
 */
export function expiresAtOf(choice: ExpiresChoice, custom: string): string | undefined {
  if (choice === 'default') return undefined;
  if (choice === 'custom') return custom ? new Date(custom).toISOString() : '';
  const seconds = Number(choice) + (choice === '60' ? 1 : 0);
  return new Date(sandboxNow() + seconds * 1000).toISOString();
}

interface ExpiresFieldProps {
  choice: ExpiresChoice;
  custom: string;
  error?: string;
  onChange(choice: ExpiresChoice, custom: string): void;
}

export function ExpiresField({ choice, custom, error, onChange }: ExpiresFieldProps) {
  const hint = 'From 1 minute to 90 days ahead of sandbox time';
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor="field-expires_at">Expires</label>
      <div className="expires-inputs">
        <select
          id="field-expires_at"
          name="expires_at"
          value={choice}
          aria-invalid={error ? true : undefined}
          aria-describedby={fieldDescribedBy('field-expires_at', hint, error)}
          onChange={(event) => onChange(event.target.value as ExpiresChoice, custom)}
        >
          {CHOICES.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {choice === 'custom' && (
          <input
            type="datetime-local"
            aria-label="Expires at"
            aria-invalid={error ? true : undefined}
            value={custom}
            onChange={(event) => onChange(choice, event.target.value)}
          />
        )}
      </div>
      <FieldNotes id="field-expires_at" hint={hint} error={error} />
    </div>
  );
}
