// Whether an inbox message's Standard Webhooks signature verified, as a coloured pill.
import type { InboxVerificationState } from '../../../../shared/types';

const LABEL: Record<InboxVerificationState, string> = {
  verified: 'verified',
  invalid: 'invalid',
  unverifiable: 'unverifiable',
};

export function VerifyBadge({ state, reason }: { state: InboxVerificationState; reason?: string }) {
  return (
    <span className={`badge verify-badge verify-${state}`} title={reason}>
      {LABEL[state]}
    </span>
  );
}
