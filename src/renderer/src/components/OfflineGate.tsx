// While the sandbox is not answering, the controls that need it are disabled at once: a disabled
// <fieldset> disables all its descendants, so a group of server actions is gated by one wrapper.
// Only those are wrapped: Close, Copy, Raw/Pretty, tabs and the Requests filter work offline.
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
