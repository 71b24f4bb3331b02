// A <dialog> that opens as a modal when its component mounts; unmounting removes it from the
// page, which also closes it.
import { useEffect, useRef } from 'react';

export function useModalDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return dialogRef;
}
