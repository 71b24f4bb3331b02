// "Back to real time" in the clock panel: asks first, with what stays stamped in the sandbox's
// future and how many, then brings the clock home with the data kept (docs/clock.md).
import { useState } from 'react';
import type { ClockHome } from '../../../shared/consoleSchemas';
import { atRealTime, clockHomeText } from '../lib/clockHomeText';
import { useConsoleStore } from '../store/consoleStore';
import { ConfirmDialog } from './ConfirmDialog';

export function BackToRealTime() {
  const view = useConsoleStore((state) => state.clock.view);
  const busy = useConsoleStore((state) => state.clock.busy);
  const preview = useConsoleStore((state) => state.previewClockHome);
  const bringHome = useConsoleStore((state) => state.bringClockHome);
  const [home, setHome] = useState<ClockHome | null>(null);
  const [reading, setReading] = useState(false);
  const atHome = view !== null && atRealTime(view);

  const ask = async () => {
    setReading(true);
    setHome(await preview());
    setReading(false);
  };

  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy || reading || view === null || atHome}
        title={atHome ? 'The sandbox clock already runs at real time.' : undefined}
        onClick={() => void ask()}
      >
        Back to real time
      </button>
      {home && (
        <ConfirmDialog
          title="Back to real time?"
          text={clockHomeText(home)}
          confirmLabel="Back to real time"
          cancelLabel="Stay ahead"
          onConfirm={() => void bringHome()}
          onClose={() => setHome(null)}
        />
      )}
    </>
  );
}
