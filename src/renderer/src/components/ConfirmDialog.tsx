// A small modal asking to confirm a destructive or disruptive action.
import { type ReactNode } from 'react';
import { useModalDialog } from '../hooks/useModalDialog';
import { OfflineGate } from './OfflineGate';
import { ActionButton } from './ActionButton';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** The button that backs out; it has the focus, so Enter never destroys by accident. */
  cancelLabel?: string;
  danger?: boolean;
  /** Choices shown between the text and the buttons. */
  children?: ReactNode;
  onConfirm(): void;
  onClose(): void;
}

export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel = 'Keep it',
  danger,
  children,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const dialogRef = useModalDialog();
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onClose={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
          onClose();
        }}
      >
        <h3 id="confirm-title">{title}</h3>
        <p id="confirm-text" className="muted">
          {text}
        </p>
        {children}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose} autoFocus>
            {cancelLabel}
          </button>
          <OfflineGate>
            <ActionButton type="submit" className={danger ? 'button button-danger' : 'button button-primary'}>
              {confirmLabel}
            </ActionButton>
          </OfflineGate>
        </div>
      </form>
    </dialog>
  );
}
