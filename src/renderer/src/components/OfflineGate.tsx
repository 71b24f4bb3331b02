// While the sandbox is not answering, every control below this gate is disabled at once: a
// disabled <fieldset> disables all its descendants, so no screen has to wire each button itself.
import type { ReactNode } from 'react';
import { useConsoleStore } from '../store/consoleStore';

export function OfflineGate({ children }: { children: ReactNode }) {
  const live = useConsoleStore((state) => state.connection === 'live');
  return (
    <fieldset className="offline-gate" disabled={!live}>
      {children}
    </fieldset>
  );
}
