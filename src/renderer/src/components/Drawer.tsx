// The side drawer every detail opens in (a request, a delivery, an endpoint check, an inbox
// message): one frame, so each is named by its title, closes with a button named Close, with Escape
// or a click beside it, and hands focus the same way: to its title on opening and whenever a control
// inside drops it, back to what opened it on closing.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from '../hooks/useModalDialog';

interface DrawerProps {
  /** The heading, which names the dialog. */
  title: ReactNode;
  /** Set the title in monospace: a request line ("GET /payment-links/…") rather than words. */
  monoTitle?: boolean;
  /** The line under the title: an id or a URL. */
  sub?: ReactNode;
  /** Buttons placed before Close (Resend, Check again). */
  actions?: ReactNode;
  /** Called once the drawer has closed, however it was closed. */
  onClose(): void;
  children: ReactNode;
}

export function Drawer({ title, monoTitle, sub, actions, onClose, children }: DrawerProps) {
  const dialogRef = useModalDialog();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // The title takes focus, not the first button: it reads out what opened, and Enter cannot press
  // an action (Resend) by accident. The link detail panel does the same.
  useEffect(() => titleRef.current?.focus(), []);
  const close = () => dialogRef.current?.close();

  return (
    <dialog
      ref={dialogRef}
      className="drawer"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      onBlur={(event) => {
        if (event.relatedTarget !== null) return;
        // A button that disables itself while it works (Check again), or one that goes away, drops
        // focus to the page behind the dialog: it comes back to the title.
        queueMicrotask(() => {
          const active = document.activeElement;
          if (dialogRef.current?.open && (!active || active === document.body)) titleRef.current?.focus();
        });
      }}
    >
      <div className="drawer-inner">
        <header className="drawer-header">
          <div>
            <h3
              id={titleId}
              ref={titleRef}
              tabIndex={-1}
              className={monoTitle ? 'mono request-line' : undefined}
            >
              {title}
            </h3>
            {sub && <p className="sub mono">{sub}</p>}
          </div>
          <div className="drawer-header-actions">
            {actions}
            <button type="button" className="button button-small" onClick={close}>
              Close
            </button>
          </div>
        </header>
        {children}
      </div>
    </dialog>
  );
}
