// The left navigation: the workspace, the screens, the sandbox clock, the live-feed state and the
// theme toggle.
import { formatRoute } from '../lib/consoleRoute';
import { useConsoleStore } from '../store/consoleStore';
import type { Screen } from '../store/uiSlice';
import { SandboxClock } from './SandboxClock';
import { ThemeToggle } from './ThemeToggle';
import { WorkspacePicker } from './WorkspacePicker';

const SCREENS: { screen: Screen; label: string }[] = [
  { screen: 'links', label: 'Links' },
  { screen: 'webhooks', label: 'Webhooks' },
  { screen: 'inbox', label: 'Inbox' },
  { screen: 'requests', label: 'Requests' },
  { screen: 'faults', label: 'Faults' },
  { screen: 'settings', label: 'Settings' },
];

const CONNECTION_TEXT = {
  live: 'Live',
  connecting: 'Connecting…',
  offline: 'The sandbox is not answering — reconnecting…',
} as const;

export function Sidebar() {
  const screen = useConsoleStore((state) => state.screen);
  const setScreen = useConsoleStore((state) => state.setScreen);
  const connection = useConsoleStore((state) => state.connection);
  const unsavedSettings = useConsoleStore((state) => state.settingsDraft !== null);
  const activeFaults = useConsoleStore((state) => state.faults.rules.filter((rule) => rule.enabled).length);

  return (
    <aside className="sidebar">
      <h1 className="brand">Payment Links Sandbox</h1>
      <WorkspacePicker />
      <nav aria-label="Screens">
        <ul className="nav-list">
          {SCREENS.map((item) => (
            <li key={item.screen}>
              {/* A real link, so a middle or Ctrl click opens the screen in a tab of its own. */}
              <a
                href={formatRoute({ screen: item.screen })}
                className="nav-item"
                aria-current={item.screen === screen ? 'page' : undefined}
                onClick={(event) => {
                  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
                    return;
                  // In this tab the screen opens as it is left (its filter, its open object), which
                  // the bare address would not say; the address then follows (see useAddressBar).
                  event.preventDefault();
                  setScreen(item.screen);
                }}
                onKeyDown={(event) => {
                  // Space went to these when they were buttons; keyboard habits stay.
                  if (event.key !== ' ') return;
                  event.preventDefault();
                  setScreen(item.screen);
                }}
              >
                {item.label}
                {item.screen === 'faults' && activeFaults > 0 && (
                  <span className="nav-count" title={`${activeFaults} fault rule(s) on`}>
                    {activeFaults}
                  </span>
                )}
                {item.screen === 'settings' && unsavedSettings && (
                  <span className="nav-unsaved" title="Unsaved changes">
                    <span className="visually-hidden">(unsaved changes)</span>
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sidebar-footer">
        <SandboxClock />
        <p className={`connection connection-${connection}`}>
          <span className="connection-dot" aria-hidden="true" />
          {CONNECTION_TEXT[connection]}
        </p>
        {connection === 'live' && <p className="origin">The API is running at {window.location.origin}</p>}
        <ThemeToggle />
      </div>
    </aside>
  );
}
