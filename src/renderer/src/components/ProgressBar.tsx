// Long work under way (sample links, a bulk action, an import): what it is, how far it has come
// ("3,000 of 10,000") and Cancel, which stops it at the next point it can stop at.
import type { WorkProgress } from '../lib/workInParts';

interface ProgressBarProps {
  /** What is under way, as a heading for the bar: "Creating sample links". */
  label: string;
  progress: WorkProgress;
  /** How a count reads: links by default ("3,000"). */
  format?(n: number): string;
  /** Absent where the work can no longer be stopped; `note` then says why. */
  onCancel?(): void;
  note?: string;
}

const links = (n: number) => n.toLocaleString('en');

export function ProgressBar({ label, progress, format = links, onCancel, note }: ProgressBarProps) {
  const { done, total, cancelling } = progress;
  const count = `${format(done)} of ${format(total)}`;
  return (
    <div className="progress-bar" role="group" aria-label={label}>
      <div className="progress-bar-line">
        <span className="progress-bar-label">{cancelling ? `${label}: stopping…` : label}</span>
        <span className="progress-bar-count">{count}</span>
      </div>
      <progress max={Math.max(total, 1)} value={done} aria-label={label} aria-valuetext={count} />
      {note && <p className="muted progress-bar-note">{note}</p>}
      {onCancel && (
        // The control that started the work is disabled or gone meanwhile: focus comes here.
        <button
          type="button"
          className="button button-small"
          disabled={cancelling}
          onClick={onCancel}
          autoFocus
        >
          {cancelling ? 'Stopping…' : 'Cancel'}
        </button>
      )}
    </div>
  );
}
