// A button that says why it cannot be used. Disabled, its tooltip (and so its accessible
// description) is the reason, not what it would have done: the tester who hovers a greyed-out
// button asks why. Inside an OfflineGate, while the sandbox is not answering, that is the reason.
import { useContext, type ButtonHTMLAttributes } from 'react';
import { GatedOffline } from './offlineGateContext';

const OFFLINE_REASON = 'Unavailable: the sandbox is not answering';

type ActionButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'type'> & {
  /** Why it cannot be used now; empty (null, false, undefined) when it can. */
  disabledReason?: string | false | null;
  type?: 'button' | 'submit';
};

export function ActionButton({ disabledReason, title, type = 'button', ...props }: ActionButtonProps) {
  const offline = useContext(GatedOffline);
  const why = offline ? OFFLINE_REASON : disabledReason || undefined;
  return <button {...props} type={type} disabled={why !== undefined} title={why ?? title} />;
}
