// Time travel from a link: to the moment it expires (pending) or settles (paid, not yet settled).
// The sandbox applies the change, stamped with that moment, before the clock answers.
import type { PaymentLink } from '../../../../../shared/types';
import { useNow } from '../../../hooks/useNow';
import { formatDateTime } from '../../../lib/dates';
import { useConsoleStore } from '../../../store/consoleStore';
import { OfflineGate } from '../../../components/OfflineGate';

/** The moment to advance to, or null when the link is not waiting for the clock. */
function nextDue(link: PaymentLink): { label: string; to: string } | null {
  if (link.status === 'pending') return { label: 'Advance to expiry', to: link.expires_at };
  if (link.status === 'succeeded' && link.settle_at && !link.settled_at)
    return { label: 'Advance to settlement', to: link.settle_at };
  return null;
}

export function AdvanceToButtons({ link }: { link: PaymentLink }) {
  const now = useNow();
  const busy = useConsoleStore((state) => state.clock.busy);
  const moveClock = useConsoleStore((state) => state.moveClock);
  const due = nextDue(link);
  // Already due: the sandbox applies it within a second without a move.
  if (!due || Date.parse(due.to) <= now) return null;
  return (
    <OfflineGate>
      <div className="advance-to">
        <button
          type="button"
          className="button button-small"
          disabled={busy}
          aria-busy={busy || undefined}
          title={`Move the sandbox clock to ${formatDateTime(due.to)}`}
          onClick={() => void moveClock({ to: due.to })}
        >
          {due.label}
        </button>
        <span className="muted">{formatDateTime(due.to)}</span>
      </div>
    </OfflineGate>
  );
}
