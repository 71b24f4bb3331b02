// Across the top of the open screen while the sandbox is not answering: the sidebar's one line is
// not where a tester looks, and every screen's state is stale until it is back.
import { useConsoleStore } from '../store/consoleStore';

export function OfflineBanner() {
  const offline = useConsoleStore((state) => state.connection === 'offline');
  if (!offline) return null;
  return (
    <div className="offline-banner" role="alert">
      <strong>The sandbox stopped answering.</strong> What needs it is disabled and what you see may be out of
      date; the console reconnects on its own once it is running again.
    </div>
  );
}
