// Time travel from a link: to the moment it expires (pending) or settles (paid, not yet settled).
// The sandbox applies the change, stamped with that moment, before the clock answers. The clock is
// the whole sandbox's (docs/contract.md §11), so the move asks first and says so.
import { useState } from 'react';
import { dueChange } from '../../../../../shared/linkDue';
import type { PaymentLink } from '../../../../../shared/types';
import { useNow } from '../../../hooks/useNow';
import { formatDateTime } from '../../../lib/dates';
import { useConsoleStore } from '../../../store/consoleStore';
import { ActionButton } from '../../../components/ActionButton';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { OfflineGate } from '../../../components/OfflineGate';

const LABEL = { expire: 'Advance to expiry', settle: 'Advance to settlement' } as const;

/** The moment to advance to, or null when the link is not waiting for the clock. */
function nextDue(link: PaymentLink): { label: string; to: string } | null {
  const due = dueChange(link);
  return due && { label: LABEL[due.kind], to: due.at };
}

export function AdvanceToButtons({ link }: { link: PaymentLink }) {
  const now = useNow();
  const busy = useConsoleStore((state) => state.clock.busy);
  const moveClock = useConsoleStore((state) => state.moveClock);
  const [asking, setAsking] = useState(false);
  const due = nextDue(link);
  // Already due: the sandbox applies it within a second without a move.
  if (!due || Date.parse(due.to) <= now) return null;
  return (
    <OfflineGate>
      <div className="advance-to">
        <ActionButton
          className="button button-small"
          disabledReason={busy && 'Wait: the sandbox clock is being moved'}
          aria-busy={busy || undefined}
          title={`Move the whole sandbox's clock to ${formatDateTime(due.to)}`}
          onClick={() => setAsking(true)}
        >
          {due.label}
        </ActionButton>
        <span className="muted">{formatDateTime(due.to)}</span>
      </div>
      {asking && (
        <ConfirmDialog
          title={`Move the whole sandbox to ${formatDateTime(due.to)}?`}
          text="The sandbox has one clock: this moves it for every link, not only this one. Every other link due by then changes too — pending links expire, paid links settle — and their webhooks are sent."
          confirmLabel="Move the sandbox clock"
          cancelLabel="Keep the clock"
          onConfirm={() => void moveClock({ to: due.to })}
          onClose={() => setAsking(false)}
        />
      )}
    </OfflineGate>
  );
}
