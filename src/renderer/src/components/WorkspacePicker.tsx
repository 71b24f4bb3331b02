// The sidebar's workspace picker (docs/contract.md §15): which workspace the console shows, and
// every other one to switch to, most recently changed first, found by typing. Switching opens the
// console at that workspace's address, so a shared address opens the same one.
import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_WORKSPACE } from '../../../shared/workspaceKey';
import { formatDateTime } from '../lib/dates';
import { addressOfWorkspace, shownWorkspace } from '../lib/consoleWorkspace';
import { useConsoleStore } from '../store/consoleStore';

/** Rows shown at once: beyond them, typing narrows the list (thousands of workspaces stay quick). */
const SHOWN = 50;
/** While the list is open it follows the other workspaces, which send this console no events. */
const REFRESH_MS = 3000;

export function WorkspacePicker() {
  const current = shownWorkspace();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const rows = useConsoleStore((state) => state.workspaces.rows);
  const phase = useConsoleStore((state) => state.workspaces.phase);
  const error = useConsoleStore((state) => state.workspaces.error);
  const loadWorkspaces = useConsoleStore((state) => state.loadWorkspaces);
  const panelId = useId();
  const search = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    void loadWorkspaces();
    search.current?.focus();
    const timer = setInterval(() => void loadWorkspaces(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [open, loadWorkspaces]);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  const wanted = query.trim().toLowerCase();
  const matching = wanted ? rows.filter((row) => row.name.includes(wanted)) : rows;

  return (
    <div className="workspace-picker">
      <button
        ref={toggle}
        type="button"
        className="sidebar-card workspace-current"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <span className="sidebar-card-label">Workspace</span>
        <span className="workspace-name">{current}</span>
      </button>
      {open && (
        <div
          id={panelId}
          className="workspace-panel"
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <input
            ref={search}
            type="search"
            className="workspace-search"
            aria-label="Find a workspace"
            placeholder="Find a workspace"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          {phase === 'error' && <p className="workspace-note">{error}</p>}
          {phase === 'loading' && <p className="workspace-note">Loading…</p>}
          <ul className="workspace-list" aria-label="Workspaces">
            {matching.slice(0, SHOWN).map((row) => (
              <li key={row.name}>
                <a
                  className="workspace-row"
                  href={addressOfWorkspace(row.name, window.location)}
                  aria-current={row.name === current ? 'true' : undefined}
                >
                  <span className="workspace-row-name">{row.name}</span>
                  <span className="workspace-row-meta">
                    {row.links.toLocaleString('en')} link{row.links === 1 ? '' : 's'}
                    {row.changed_at ? ` · changed ${formatDateTime(row.changed_at)}` : ''}
                  </span>
                </a>
              </li>
            ))}
          </ul>
          {matching.length > SHOWN && (
            <p className="workspace-note">
              {(matching.length - SHOWN).toLocaleString('en')} more: type to narrow the list.
            </p>
          )}
          {phase === 'ready' && matching.length === 0 && (
            <p className="workspace-note">No workspace matches “{query.trim()}”.</p>
          )}
          <p className="workspace-note">
            A workspace is made by the first write with its key, sk_test_ws_&lt;name&gt;
            {current === DEFAULT_WORKSPACE ? '' : `; this one's is sk_test_ws_${current}`}.
          </p>
        </div>
      )}
    </div>
  );
}
