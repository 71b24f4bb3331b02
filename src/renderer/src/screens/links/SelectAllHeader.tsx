// The select column's header: one box for every link the filter matches (up to 10,000), or to
// clear the selection when some are picked.
import { useEffect, useRef } from 'react';
import { useConsoleStore } from '../../store/consoleStore';

export function SelectAllHeader() {
  const selected = useConsoleStore((state) => state.selection.links.size);
  const busy = useConsoleStore((state) => state.selection.busy === 'selecting');
  const live = useConsoleStore((state) => state.connection === 'live');
  const total = useConsoleStore((state) => state.links.total);
  const selectAll = useConsoleStore((state) => state.selectAllMatching);
  const clear = useConsoleStore((state) => state.clearSelection);
  const box = useRef<HTMLInputElement>(null);
  const all = total > 0 && selected >= total;
  useEffect(() => {
    if (box.current) box.current.indeterminate = selected > 0 && !all;
  }, [selected, all]);
  return (
    <div role="columnheader" className="cell cell-select">
      <input
        ref={box}
        type="checkbox"
        aria-label={selected > 0 ? 'Clear the selection' : 'Select every link the filter matches'}
        title={selected > 0 ? 'Clear the selection' : 'Select every link the filter matches'}
        checked={all}
        disabled={busy || total === 0 || !live}
        onChange={() => (selected > 0 ? clear() : void selectAll())}
      />
    </div>
  );
}
