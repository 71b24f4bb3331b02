// The side panel for one link: actions, checkout URL, timeline, deliveries, every field and the
// raw JSON. It sits beside the table (not over it), so rows stay clickable while it is open.
import { Fragment, useEffect, useRef } from 'react';
import { CopyButton } from '../../../components/CopyButton';
import { useConsoleStore } from '../../../store/consoleStore';
import { selectCurrency } from '../../../store/settingsSlice';
import { PaidMethodField } from '../PaidMethodField';
import { RowActions } from '../RowActions';
import { StatusBadge } from '../StatusBadge';
import { AdvanceToButtons } from './AdvanceToButtons';
import { CheckoutUrl } from './CheckoutUrl';
import { LinkDeliveries } from './LinkDeliveries';
import { LinkFields } from './LinkFields';
import { LinkTimeline } from './LinkTimeline';

/** Closes the panel and puts focus back on the link's row, where the keyboard user left off. */
function closeAndReturn(id: string, open: (id: string | null) => void): void {
  open(null);
  document.querySelector<HTMLElement>(`[data-link-id="${id}"] .title-button`)?.focus();
}

export function LinkDetailPanel() {
  const showRequestsFor = useConsoleStore((state) => state.showRequestsFor);
  const detail = useConsoleStore((state) => state.linkDetail);
  const currency = useConsoleStore(selectCurrency);
  const open = useConsoleStore((state) => state.openLinkDetail);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { link } = detail;

  useEffect(() => {
    headingRef.current?.focus();
  }, [detail.id]);

  useEffect(() => {
    const id = detail.id;
    if (!id) return;
    // Escape closes the panel wherever focus is, unless a dialog above it takes the key.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) closeAndReturn(id, open);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [detail.id, open]);

  if (!detail.id) return null;
  const id = detail.id;
  const close = () => closeAndReturn(id, open);

  return (
    <aside className="link-detail" aria-labelledby="link-detail-title">
      <header className="link-detail-header">
        <div className="link-detail-heading">
          <h3 id="link-detail-title" ref={headingRef} tabIndex={-1}>
            {link?.title ?? 'Link'}
          </h3>
          <p className="sub mono">
            {detail.id} <CopyButton text={detail.id} label="Copy the link id" />
          </p>
        </div>
        <button type="button" className="button button-small" aria-label="Close the link" onClick={close}>
          Close
        </button>
      </header>
      {!link ? (
        <p className="muted">{detail.phase === 'error' ? detail.error : 'Loading…'}</p>
      ) : (
        // Keyed by link, so the raw JSON folds up and "Copied" resets when another link opens.
        <Fragment key={id}>
          <div className="link-detail-status">
            <StatusBadge status={link.status} />
            <RowActions link={link} />
          </div>
          {link.status === 'pending' && <PaidMethodField />}
          <AdvanceToButtons link={link} />
          <CheckoutUrl url={link.url} />
          <section aria-labelledby="timeline-title">
            <h4 id="timeline-title">Timeline</h4>
            <LinkTimeline link={link} events={detail.events} />
          </section>
          <section aria-labelledby="link-deliveries-title">
            <h4 id="link-deliveries-title">Webhook deliveries</h4>
            {detail.phase === 'loading' ? (
              <p className="muted">Loading…</p>
            ) : (
              <LinkDeliveries ids={detail.deliveryIds} events={detail.events} />
            )}
          </section>
          <section aria-labelledby="link-requests-title">
            <h4 id="link-requests-title">Requests</h4>
            <button type="button" className="button button-small" onClick={() => showRequestsFor(link.id)}>
              Show the API requests that name this link
            </button>
          </section>
          <section aria-labelledby="link-fields-title">
            <h4 id="link-fields-title">Fields</h4>
            <LinkFields link={link} currency={currency} />
          </section>
          <details className="raw-json">
            <summary>Raw JSON</summary>
            <div className="raw-json-body">
              <CopyButton text={JSON.stringify(link, null, 2)} label="Copy the raw JSON" />
              <pre tabIndex={0} className="body-block" data-testid="link-json">
                {JSON.stringify(link, null, 2)}
              </pre>
            </div>
          </details>
        </Fragment>
      )}
    </aside>
  );
}
