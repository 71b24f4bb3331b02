// The Settings screen: how to connect an app, every setting, and the data folder.
import { useEffect } from 'react';
import { useConsoleStore } from '../../store/consoleStore';
import { ConnectCard } from './ConnectCard';
import { DataFolderPanel } from './DataFolderPanel';
import { SettingsForm } from './SettingsForm';
import { OfflineGate } from '../../components/OfflineGate';

export function SettingsScreen() {
  const settings = useConsoleStore((state) => state.settings);
  useEffect(() => {
    void useConsoleStore.getState().loadServerInfo();
  }, []);
  return (
    <section className="screen screen-settings" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">Settings</h2>
      </header>
      {settings === null ? (
        <div className="empty-state">
          <p>Loading settings…</p>
        </div>
      ) : (
        <div className="settings-columns">
          <ConnectCard settings={settings} />
          <OfflineGate>
            <SettingsForm settings={settings} />
            <DataFolderPanel />
          </OfflineGate>
        </div>
      )}
    </section>
  );
}
