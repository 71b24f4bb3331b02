// Asks before a reset, with what to keep.
import { useEffect, useRef, useState } from 'react';
import type { ResetOptions } from '../../../../shared/dataFolder';

export function ResetDialog({
  onConfirm,
  onClose,
}: {
  onConfirm(options: ResetOptions): void;
  onClose(): void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [keepSettings, setKeepSettings] = useState(true);
  const [keepEndpoints, setKeepEndpoints] = useState(true);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      role="alertdialog"
      aria-labelledby="reset-title"
      aria-describedby="reset-text"
      onClose={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm({ keep_settings: keepSettings, keep_endpoints: keepEndpoints });
          onClose();
        }}
      >
        <h3 id="reset-title">Reset the sandbox?</h3>
        <p id="reset-text" className="muted">
          Every payment link, webhook event, delivery and idempotency record is deleted, and the request log
          is cleared. This cannot be undone: export first to keep a copy.
        </p>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={keepSettings}
            onChange={(event) => setKeepSettings(event.target.checked)}
          />
          Keep settings
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={keepEndpoints}
            onChange={(event) => setKeepEndpoints(event.target.checked)}
          />
          Keep webhook endpoints
        </label>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} autoFocus>
            Keep everything
          </button>
          <button type="submit" className="button button-danger">
            Reset
          </button>
        </div>
      </form>
    </dialog>
  );
}
