// The toasts slice's messages at the bottom left of the open screen, clear of its primary actions,
// announced to screen readers. The region is a manual popover, re-shown on each change, so it stays
// above an open modal dialog.
import { useEffect, useRef } from 'react';
import { useConsoleStore } from '../store/consoleStore';

export function Toasts() {
  const toasts = useConsoleStore((state) => state.toasts);
  const dismiss = useConsoleStore((state) => state.dismissToast);
  const regionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const region = regionRef.current;
    if (!region?.showPopover) return;
    if (region.matches(':popover-open')) region.hidePopover();
    if (toasts.length > 0) region.showPopover();
  }, [toasts]);

  return (
    <div
      ref={regionRef}
      popover="manual"
      className="toasts"
      role="region"
      aria-label="Notifications"
      aria-live="polite"
    >
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          <p>{toast.message}</p>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss notification"
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
