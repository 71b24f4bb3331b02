// The console shell: navigation on the left, the open screen beside it, toasts on top.
import { useEffect } from 'react';
import { OfflineGate } from './components/OfflineGate';
import { Sidebar } from './components/Sidebar';
import { Toasts } from './components/Toasts';
import { useLiveEvents } from './hooks/useLiveEvents';
import { useThemeEffect } from './hooks/useThemeEffect';
import { InboxScreen } from './screens/inbox/InboxScreen';
import { FaultsScreen } from './screens/faults/FaultsScreen';
import { LinksScreen } from './screens/links/LinksScreen';
import { RequestsScreen } from './screens/requests/RequestsScreen';
import { DeliveryInspector } from './screens/webhooks/DeliveryInspector';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { WebhooksScreen } from './screens/webhooks/WebhooksScreen';
import { useConsoleStore } from './store/consoleStore';

export function App() {
  const screen = useConsoleStore((state) => state.screen);
  const inspectedId = useConsoleStore((state) => state.inspector.id);
  useThemeEffect();
  useLiveEvents();
  useEffect(() => {
    const { loadSettings, loadLinks } = useConsoleStore.getState();
    void loadSettings();
    void loadLinks();
  }, []);

  return (
    <div className="app">
      <Sidebar />
      <main className="main">
        <OfflineGate>
          {screen === 'links' ? (
            <LinksScreen />
          ) : screen === 'webhooks' ? (
            <WebhooksScreen />
          ) : screen === 'inbox' ? (
            <InboxScreen />
          ) : screen === 'requests' ? (
            <RequestsScreen />
          ) : screen === 'faults' ? (
            <FaultsScreen />
          ) : (
            <SettingsScreen />
          )}
        </OfflineGate>
      </main>
      {/* Over any screen: a delivery is inspected from the Webhooks screen or a link's detail. */}
      {inspectedId && (
        <OfflineGate>
          <DeliveryInspector key={inspectedId} />
        </OfflineGate>
      )}
      <Toasts />
    </div>
  );
}
