import { checkoutPath } from '../../shared/checkoutUrl';
import { formatMoney } from '../../shared/money';
import type { PaymentLink } from '../../shared/types';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const FINAL_TEXT: Record<string, string> = {
  succeeded: 'Payment received. Thank you!',
  failed: 'The payment was declined.',
  expired: 'This payment link has expired.',
  canceled: 'This payment link was canceled by the merchant.',
};

/** The page is rendered without the payer's time zone, so times say UTC plainly. */
const expiryFormat = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
  hourCycle: 'h23',
});

/** The hosted checkout a payer sees (docs/contract.md §7): plain HTML, no script needed. */
export function renderCheckoutPage(link: PaymentLink, currency: string, workspace?: string): string {
  const money = (n: number) => escapeHtml(formatMoney(n, currency));
  const feeRows =
    link.fee.paid_by === 'payer'
      ? `<tr><td>Fees (paid by you)</td><td>${money(link.fee.total)}</td></tr>
<tr class="total"><td>Total</td><td>${money(link.payer_amount)}</td></tr>`
      : '';
  const referenceRow = link.reference_id
    ? `<tr><td>Reference</td><td>${escapeHtml(link.reference_id)}</td></tr>`
    : '';
  const actions =
    link.status === 'pending'
      ? `<form method="post" action="${checkoutPath(link.id, workspace, '/pay')}"><button class="pay" type="submit">Pay ${money(link.payer_amount)}</button></form>
         <form method="post" action="${checkoutPath(link.id, workspace, '/decline')}"><button class="decline" type="submit">Decline</button></form>
         <p class="muted">Expires <time datetime="${escapeHtml(link.expires_at)}">${escapeHtml(expiryFormat.format(new Date(link.expires_at)))} UTC</time></p>`
      : `<p class="final ${link.status}" role="status">${escapeHtml(FINAL_TEXT[link.status] ?? link.status)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pay ${escapeHtml(link.title)}</title>
<link rel="icon" href="/favicon.ico">
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:grid;place-items:center;min-height:100vh;color:#1d2330;overflow-wrap:anywhere}
main{box-sizing:border-box;background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:clamp(20px,6vw,32px);width:min(420px,calc(100vw - 24px))}
h1{font-size:1.25rem;margin:0 0 4px}.amount{font-size:clamp(1.3rem,7vw,2rem);font-weight:700;margin:12px 0;white-space:nowrap}
table{width:100%;border-collapse:collapse;margin:12px 0}td{padding:4px 0}td:first-child{white-space:nowrap;padding-right:16px;vertical-align:top}td:last-child{text-align:right}
tr.total td{font-weight:600;border-top:1px solid #e5e7eb;padding-top:8px}
button{width:100%;padding:12px;border:0;border-radius:8px;font:inherit;font-size:1rem;font-weight:600;margin-top:8px;cursor:pointer}
button:focus-visible{outline:3px solid #a5b4fc;outline-offset:2px}
.pay{background:#4f46e5;color:#fff}.pay:hover{background:#4338ca}.decline{background:#eef0f4;color:#1d2330}
.muted{color:#6b7280;font-size:.85rem}.final{font-weight:600;padding:12px;border-radius:8px;background:#eef0f4}
.final.succeeded{background:#dcfce7;color:#166534}.final.failed,.final.canceled{background:#fee2e2;color:#991b1b}
@media (prefers-color-scheme:dark){body{background:#0f1217;color:#e6e8ee}main{background:#171b22;box-shadow:0 4px 24px #0006}
.decline,.final{background:#252a33;color:#e6e8ee}tr.total td{border-color:#2a303b}.muted{color:#9aa3b2}
.final.succeeded{background:#12351f;color:#6ee7a0}.final.failed,.final.canceled{background:#3d1616;color:#fca5a5}}
</style></head>
<body><main>
<p class="muted">Payment Links Sandbox · test mode</p>
<h1>${escapeHtml(link.title)}</h1>
${link.note ? `<p>${escapeHtml(link.note)}</p>` : ''}
<div class="amount">${money(link.payer_amount)}</div>
<table><tr><td>Amount</td><td>${money(link.amount)}</td></tr>${feeRows}${referenceRow}
<tr><td>Status</td><td data-status="${link.status}">${link.status}</td></tr></table>
${actions}
</main></body></html>`;
}

export function renderNotFoundPage(id: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment link not found</title></head>
<body style="font-family:system-ui,sans-serif;padding:40px"><h1>Payment link not found</h1>
<p>There is no payment link with id ${escapeHtml(id)} in this sandbox.</p></body></html>`;
}

/**
 * The answer to a Pay or Decline posted from another site's page (docs/security.md): a person
 * who was sent here by a foreign form sees why nothing happened, and can open the real page.
 */
export function renderRefusedPage(id: string, origin: string, own: string, valid: boolean): string {
  const open = valid
    ? `<p><a href="/pay/${escapeHtml(id)}">Open the checkout page</a> to pay or decline it yourself.</p>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Request refused</title></head>
<body style="font-family:system-ui,sans-serif;padding:40px;max-width:640px"><h1>Request refused: it came from another site</h1>
<p>The checkout accepts Pay and Decline only from its own page (${escapeHtml(own)}); this request came from
a page at ${escapeHtml(origin)}. Nothing was changed: the payment link is as it was.</p>
${open}<p style="color:#6b7280;font-size:.85rem">origin_not_allowed</p></body></html>`;
}
