// "Create sample links": N links (1–100,000) in a mix of states, for a tester who starts empty. A
// run is made a part at a time: while it goes the dialog shows how far it is, and Cancel stops it
// between parts, keeping what was made.
import { useState, type FormEvent } from 'react';
import { FormField } from '../../components/FormField';
import { ProgressBar } from '../../components/ProgressBar';
import { useModalDialog } from '../../hooks/useModalDialog';
import { messageOf } from '../../lib/errorMessage';
import { useConsoleStore } from '../../store/consoleStore';
import { MAX_SAMPLES } from '../../store/samplesSlice';
import { OfflineGate } from '../../components/OfflineGate';

export function SampleLinksDialog({ onClose }: { onClose(): void }) {
  const dialogRef = useModalDialog();
  const createSamples = useConsoleStore((state) => state.createSampleLinks);
  const cancel = useConsoleStore((state) => state.cancelSampleLinks);
  const progress = useConsoleStore((state) => state.samples);
  const [count, setCount] = useState('50');
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const n = Number(count.trim().replace(/,/g, ''));
    if (!Number.isInteger(n) || n < 1 || n > MAX_SAMPLES) {
      setError(`Enter a whole number from 1 to ${MAX_SAMPLES.toLocaleString('en')}.`);
      return;
    }
    try {
      await createSamples(n);
      onClose();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby="samples-title"
      onClose={onClose}
      // While a run goes, Escape does not hide it: Cancel stops it, and the dialog closes after.
      onCancel={(event) => progress && event.preventDefault()}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h3 id="samples-title">Create sample links</h3>
        <p className="muted">
          Four in ten stay pending; the rest are paid, failed, expired or canceled, each with its webhook
          event, as if done one by one.
        </p>
        {progress ? (
          <ProgressBar label="Creating sample links" progress={progress} onCancel={cancel} />
        ) : (
          <>
            <FormField
              name="count"
              label="How many"
              hint={`1 to ${MAX_SAMPLES.toLocaleString('en')}`}
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
                <button type="submit" className="button button-primary">
                  Create
                </button>
              </OfflineGate>
            </div>
          </>
        )}
      </form>
    </dialog>
  );
}
