// A <dialog> that opens as a modal when its component mounts; unmounting removes it from the
// page, which also closes it. Removed rather than closed, it would drop focus to the page body:
// focus goes back to what opened it, unless the dialog's caller has put it somewhere already.
import { useEffect, useRef } from 'react';

export function useModalDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !active.isConnected || dialog?.contains(active);
      if (lost && opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return dialogRef;
}
