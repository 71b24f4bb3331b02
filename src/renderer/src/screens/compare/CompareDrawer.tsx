// Two webhooks side by side: their bodies field by field (by path, as the search box takes it) and
// their headers by name, with Copy for the same as text. The first picked is on the left.
import { Drawer } from '../../components/Drawer';
import { CopyButton } from '../../components/CopyButton';
import { comparisonText, type FieldChange } from '../../../../shared/payloadDiff';
import type { ComparedSide } from '../../store/compareSlice';
import { useConsoleStore } from '../../store/consoleStore';

const KIND_WORD: Record<FieldChange['kind'], string> = {
  changed: 'Changed',
  added: 'Added',
  removed: 'Removed',
};

const shown = (value: unknown) => JSON.stringify(value) ?? String(value);

function Changes({
  caption,
  named,
  changes,
  left,
  right,
}: {
  caption: string;
  /** What a change's path is: a body's path, or a header's name. */
  named: string;
  changes: FieldChange[];
  left: string;
  right: string;
}) {
  if (changes.length === 0) return <p className="muted">The same in both.</p>;
  return (
    <div className="table-scroll diff-scroll">
      <table className="diff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Change</th>
            <th scope="col">{named}</th>
            <th scope="col" title={left}>
              Left
            </th>
            <th scope="col" title={right}>
              Right
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={`${change.kind} ${change.path}`} className={`diff-${change.kind}`}>
              <td>
                <span className={`chip diff-chip diff-chip-${change.kind}`}>{KIND_WORD[change.kind]}</span>
              </td>
              <td className="mono">{change.path || '(the whole body)'}</td>
              <td className="mono diff-value">{change.kind === 'added' ? '—' : shown(change.before)}</td>
              <td className="mono diff-value">{change.kind === 'removed' ? '—' : shown(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function NotSent({ side }: { side: ComparedSide }) {
  return (
    <p className="panel-empty muted">
      {side.label} has not been sent yet: a delivery’s body and headers are its attempt’s request, and it has
      none until its first attempt goes out. Compare it once it has been sent (resume the queue, or Retry
      now).
    </p>
  );
}

export function CompareDrawer() {
  const view = useConsoleStore((state) => state.compare.view);
  const close = useConsoleStore((state) => state.closeCompare);
  const ready = view.phase === 'ready' ? view : undefined;
  const text =
    ready?.result && ready.left.sent && ready.right.sent
      ? comparisonText(ready.left, ready.right, ready.result)
      : undefined;

  return (
    <Drawer
      title="Compare"
      sub={ready && `${ready.left.label} → ${ready.right.label}`}
      actions={text && <CopyButton text={text} label="Copy the comparison as text" />}
      onClose={close}
    >
      {view.phase === 'loading' && <p className="muted">Reading both…</p>}
      {view.phase === 'error' && <p className="field-error">{view.message}</p>}
      {ready && !ready.left.sent && <NotSent side={ready.left} />}
      {ready && !ready.right.sent && <NotSent side={ready.right} />}
      {ready?.result && (
        <div className="compare-sides">
          <dl className="facts">
            <div>
              <dt>Left</dt>
              <dd className="mono">{ready.left.label}</dd>
            </div>
            <div>
              <dt>Right</dt>
              <dd className="mono">{ready.right.label}</dd>
            </div>
          </dl>
          <section aria-labelledby="compare-body">
            <h4 id="compare-body">Body</h4>
            {ready.result.body.json ? (
              <Changes
                caption="How the bodies differ, by path"
                named="Path"
                changes={ready.result.body.changes}
                left={ready.left.label}
                right={ready.right.label}
              />
            ) : (
              <p className="muted">
                {ready.result.body.same
                  ? 'The same (not JSON: compared as text).'
                  : 'Different (not JSON: compared as text).'}
              </p>
            )}
          </section>
          <section aria-labelledby="compare-headers">
            <h4 id="compare-headers">Headers</h4>
            <Changes
              caption="How the headers differ, by name"
              named="Header"
              changes={ready.result.headers}
              left={ready.left.label}
              right={ready.right.label}
            />
          </section>
        </div>
      )}
    </Drawer>
  );
}
