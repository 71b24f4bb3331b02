// While the sandbox is not answering, the controls that need it are disabled at once: a disabled
// <fieldset> disables all its descendants, so a group of server actions is gated by one wrapper.
// Only those are wrapped: Close, Copy, Raw/Pretty, tabs and the Requests filter work offline.
// An ActionButton inside says so in its tooltip.
import type { ReactNode } from 'react';
import { useConsoleStore } from '../store/consoleStore';
import { GatedOffline } from './offlineGateContext';

export function OfflineGate({ children }: { children: ReactNode }) {
  const live = useConsoleStore((state) => state.connection === 'live');
  return (
    <GatedOffline.Provider value={!live}>
      <fieldset className="offline-gate" disabled={!live}>
        {children}
      </fieldset>
    </GatedOffline.Provider>
  );
}
