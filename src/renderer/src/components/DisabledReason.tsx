// Why a button is disabled, said where the tester looks: a disabled button's tooltip (its
// accessible description too) names the reason, so a greyed-out button is never a riddle.
import { createContext, useContext, type ButtonHTMLAttributes } from 'react';

/** Why the controls inside an OfflineGate are disabled, while they are; set by the gate. */
export const GateReason = createContext<string | undefined>(undefined);

/** The first reason given that holds (a non-empty string), or undefined when none does. */
export const firstReason = (...reasons: (string | false | null | undefined)[]): string | undefined =>
  reasons.find((reason): reason is string => typeof reason === 'string' && reason !== '');

interface ReasonButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Why it cannot be pressed now; the button is disabled exactly while there is one. */
  disabledReason: string | undefined;
}

/**
 * A button disabled while it has a reason, saying the reason in its tooltip; inside an OfflineGate
 * that is offline, the gate's reason (it has disabled the button whatever its own).
 */
export function ReasonButton({ disabledReason, title, ...props }: ReasonButtonProps) {
  const gate = useContext(GateReason);
  return (
    <button {...props} disabled={disabledReason !== undefined} title={gate ?? disabledReason ?? title} />
  );
}
