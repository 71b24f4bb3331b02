// "Create sample links": N links (1–10,000) in a mix of states, for a tester who starts empty.
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { useModalDialog } from '../../hooks/useModalDialog';
import { messageOf } from '../../lib/errorMessage';
import { useConsoleStore } from '../../store/consoleStore';
import { OfflineGate } from '../../components/OfflineGate';

const MAX = 10_000;

export function SampleLinksDialog({ onClose }: { onClose(): void }) {
  const dialogRef = useModalDialog();
  const createSamples = useConsoleStore((state) => state.createSampleLinks);
  const pushToast = useConsoleStore((state) => state.pushToast);
  const [count, setCount] = useState('50');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(count.trim().replace(/,/g, ''));
    if (!Number.isInteger(n) || n < 1 || n > MAX) {
      setError(`Enter a whole number from 1 to ${MAX.toLocaleString('en')}.`);
      return;
    }
    setSaving(true);
    try {
      const result = await createSamples(n);
      const mix = Object.entries(result.by_status)
        .map(([status, k]) => `${k.toLocaleString('en')} ${status}`)
        .join(', ');
      pushToast('success', `Created ${result.created.toLocaleString('en')} sample links: ${mix}.`);
      onClose();
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <dialog ref={dialogRef} className="dialog" aria-labelledby="samples-title" onClose={onClose}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h3 id="samples-title">Create sample links</h3>
        <p className="muted">
          Four in ten stay pending; the rest are paid, failed, expired or canceled, each with its webhook
          event, as if done one by one.
        </p>
        <FormField
          name="count"
          label="How many"
          hint={`1 to ${MAX.toLocaleString('en')}`}
          value={count}
          error={error}
          inputMode="numeric"
          autoFocus
          onChange={(value) => {
            setCount(value);
            setError(undefined);
          }}
        />
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          <OfflineGate>
            <button type="submit" className="button button-primary" disabled={saving}>
              {saving ? 'Creating…' : 'Create'}
            </button>
          </OfflineGate>
        </div>
      </form>
    </dialog>
  );
}
