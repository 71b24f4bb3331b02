// Asks before a reset, with what to keep.
import { useState } from 'react';
import type { ResetOptions } from '../../../../shared/dataFolder';
import { ConfirmDialog } from '../../components/ConfirmDialog';

export function ResetDialog({
  onConfirm,
  onClose,
}: {
  onConfirm(options: ResetOptions): void;
  onClose(): void;
}) {
  const [keepSettings, setKeepSettings] = useState(true);
  const [keepEndpoints, setKeepEndpoints] = useState(true);
  return (
    <ConfirmDialog
      title="Reset the sandbox?"
      text="Every payment link, webhook event, delivery and idempotency record is deleted, the request log is cleared, and the sandbox clock goes back to real time; a configuration file the sandbox started with is applied again. The Inbox keeps the webhooks it received. This cannot be undone: export first to keep a copy."
      confirmLabel="Reset"
      cancelLabel="Keep everything"
      danger
      onConfirm={() => onConfirm({ keep_settings: keepSettings, keep_endpoints: keepEndpoints })}
      onClose={onClose}
    >
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
    </ConfirmDialog>
  );
}
