// When the link expires: a live countdown while it is pending.
import type { PaymentLink } from '../../../../shared/types';
import { useNow } from '../../hooks/useNow';
import { formatDateTime, formatRemaining } from '../../lib/dates';

function Countdown({ expiresAt }: { expiresAt: string }) {
  const now = useNow();
  const left = Date.parse(expiresAt) - now;
  if (left <= 0) return <span className="countdown countdown-due">expiring…</span>;
  return (
    <span className={left < 60_000 ? 'countdown countdown-soon' : 'countdown'}>
      in {formatRemaining(expiresAt, now)}
    </span>
  );
}

function ExpiredWhen({ expiresAt }: { expiresAt: string }) {
  const now = useNow();
  // Expired by hand (simulate) before its time: its expires_at is still ahead, so do not show it as when.
  if (Date.parse(expiresAt) > now)
    return (
      <span className="muted" title={`Was due to expire ${formatDateTime(expiresAt)}`}>
        expired early
      </span>
    );
  return <span className="muted">{formatDateTime(expiresAt)}</span>;
}

export function ExpiresCell({ link }: { link: PaymentLink }) {
  if (link.status === 'pending') {
    return (
      <span title={formatDateTime(link.expires_at)}>
        <Countdown expiresAt={link.expires_at} />
      </span>
    );
  }
  if (link.status === 'expired') return <ExpiredWhen expiresAt={link.expires_at} />;
  return <span className="muted">—</span>;
}
