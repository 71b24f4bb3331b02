// The console shell: navigation on the left, the open screen beside it, toasts on top.
import { useEffect } from 'react';
import { OfflineBanner } from './components/OfflineBanner';
import { Sidebar } from './components/Sidebar';
import { Toasts } from './components/Toasts';
import { useAddressBar } from './hooks/useAddressBar';
import { useLiveEvents } from './hooks/useLiveEvents';
import { useThemeEffect } from './hooks/useThemeEffect';
import { InboxScreen } from './screens/inbox/InboxScreen';
import { FaultsScreen } from './screens/faults/FaultsScreen';
import { LinksScreen } from './screens/links/LinksScreen';
import { RequestsScreen } from './screens/requests/RequestsScreen';
import { DeliveryInspector } from './screens/webhooks/DeliveryInspector';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { WebhooksScreen } from './screens/webhooks/WebhooksScreen';
import { CompareDrawer } from './screens/compare/CompareDrawer';
import { useConsoleStore } from './store/consoleStore';

export function App() {
  const screen = useConsoleStore((state) => state.screen);
  const inspectedId = useConsoleStore((state) => state.inspector.id);
  const comparing = useConsoleStore((state) => state.compare.view.phase !== 'closed');
  useThemeEffect();
  useLiveEvents();
  useAddressBar();
  // The links, like every list, are read once the event stream is open (see useLiveEvents), so no
  // change between the read and the stream is missed; reading them here too only read them twice.
  useEffect(() => {
    void useConsoleStore.getState().loadSettings();
  }, []);

  return (
    <div className="app">
      {/* The first stop for the keyboard: past the navigation, straight to the screen. */}
      <a
        className="skip-link"
        href="#main"
        onClick={(event) => {
          // Focus, not navigation: the address is the console's own.
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <Sidebar />
      <main className="main" id="main" tabIndex={-1}>
        <OfflineBanner />
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
      </main>
      {/* Over any screen: a delivery is inspected from the Webhooks screen or a link's detail. */}
      {inspectedId && <DeliveryInspector key={inspectedId} />}
      {/* Over any screen too: its picks come from Webhooks and the Inbox alike. */}
      {comparing && <CompareDrawer />}
      <Toasts />
    </div>
  );
}
