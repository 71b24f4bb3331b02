// "Go to": a row number or a link id; the table scrolls there, and the row reached by its number
// is marked and focused, while a link found by id opens.
import { useState, type FormEvent } from 'react';
import { goToTarget } from '../../lib/goToTarget';
import { messageOf } from '../../lib/errorMessage';
import { useConsoleStore } from '../../store/consoleStore';
import { focusRowWhenDrawn } from './rowFocus';

export function GoToControl() {
  const total = useConsoleStore((state) => state.links.total);
  const goToRow = useConsoleStore((state) => state.goToLinkRow);
  const goToLink = useConsoleStore((state) => state.goToLink);
  const markReached = useConsoleStore((state) => state.markReachedLink);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const target = goToTarget(text, total);
    if ('problem' in target) return setProblem(target.problem);
    setProblem(null);
    if ('row' in target) {
      goToRow(target.row - 1, 'center');
      const table = document.querySelector<HTMLElement>('.links-body .table-scroll');
      // The row reached is marked and takes focus, so the keyboard goes on from there.
      if (table)
        focusRowWhenDrawn(table, target.row + 1, document.activeElement as HTMLElement, {
          found: (row) => markReached(row.dataset.linkId ?? null),
        });
      return;
    }
    setBusy(true);
    try {
      await goToLink(target.id);
    } catch (error) {
      setProblem(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="go-to" onSubmit={(event) => void submit(event)} role="search" aria-label="Go to a row">
      <label className="field-inline">
        <span className="visually-hidden">Go to a row number or link id</span>
        <input
          value={text}
          placeholder="Go to row or link id"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'go-to-problem' : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
        />
      </label>
      <button type="submit" className="button" disabled={busy || total === 0}>
        Go
      </button>
      {problem && (
        <span id="go-to-problem" className="field-error go-to-problem" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
