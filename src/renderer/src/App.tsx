// The console shell: navigation on the left, the open screen beside it, toasts on top.
import { useEffect } from 'react';
import { Sidebar } from './components/Sidebar';
import { Toasts } from './components/Toasts';
import { useLiveEvents } from './hooks/useLiveEvents';
import { useThemeEffect } from './hooks/useThemeEffect';
import { LinksScreen } from './screens/links/LinksScreen';
import { RequestsScreen } from './screens/requests/RequestsScreen';
import { SettingsScreen } from './screens/settings/SettingsScreen';
import { WebhooksScreen } from './screens/webhooks/WebhooksScreen';
import { useConsoleStore } from './store/consoleStore';

export function App() {
  const screen = useConsoleStore((state) => state.screen);
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
        {screen === 'links' ? (
          <LinksScreen />
        ) : screen === 'webhooks' ? (
          <WebhooksScreen />
        ) : screen === 'requests' ? (
          <RequestsScreen />
        ) : (
          <SettingsScreen />
        )}
      </main>
      <Toasts />
    </div>
  );
}
