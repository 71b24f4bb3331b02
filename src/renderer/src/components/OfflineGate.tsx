// While the sandbox is not answering, the controls that need it are disabled at once: a disabled
// <fieldset> disables all its descendants, so a group of server actions is gated by one wrapper.
// Only those are wrapped: Close, Copy, Raw/Pretty, tabs and the Requests filter work offline.
import type { ReactNode } from 'react';
import { useConsoleStore } from '../store/consoleStore';
import { GateReason } from './DisabledReason';

/** What a gated button's tooltip says while the gate is shut. */
const SHUT_BECAUSE = {
  connecting: 'Connecting to the sandbox: this works once it answers.',
  offline: 'The sandbox is not answering: this works again once it is back.',
};

export function OfflineGate({ children }: { children: ReactNode }) {
  const connection = useConsoleStore((state) => state.connection);
  const live = connection === 'live';
  return (
    <fieldset className="offline-gate" disabled={!live}>
      <GateReason.Provider value={live ? undefined : SHUT_BECAUSE[connection]}>
        {children}
      </GateReason.Provider>
    </fieldset>
  );
}
