import type { PaymentLink } from '../../shared/types';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

export function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en', { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

const FINAL_TEXT: Record<string, string> = {
  succeeded: 'Payment received. Thank you!',
  failed: 'The payment was declined.',
  expired: 'This payment link has expired.',
  canceled: 'This payment link was canceled by the merchant.',
};

/** The hosted checkout a payer sees (contract §7): plain HTML, no script needed. */
export function renderCheckoutPage(link: PaymentLink, currency: string): string {
  const money = (n: number) => escapeHtml(formatAmount(n, currency));
  const feeRow =
    link.fee.paid_by === 'payer' ? `<tr><td>Fees</td><td>${money(link.fee.total)}</td></tr>` : '';
  const actions =
    link.status === 'pending'
      ? `<form method="post" action="/pay/${link.id}/pay"><button class="pay" type="submit">Pay ${money(link.payer_amount)}</button></form>
         <form method="post" action="/pay/${link.id}/decline"><button class="decline" type="submit">Decline</button></form>
         <p class="muted">Expires ${escapeHtml(link.expires_at)}</p>`
      : `<p class="final ${link.status}" role="status">${escapeHtml(FINAL_TEXT[link.status] ?? link.status)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pay ${escapeHtml(link.title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:grid;place-items:center;min-height:100vh;color:#1d2330}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:32px;width:min(420px,90vw)}
h1{font-size:1.25rem;margin:0 0 4px}.amount{font-size:2rem;font-weight:700;margin:12px 0}
table{width:100%;border-collapse:collapse;margin:12px 0}td{padding:4px 0}td:last-child{text-align:right}
button{width:100%;padding:12px;border:0;border-radius:8px;font-size:1rem;margin-top:8px;cursor:pointer}
.pay{background:#4f46e5;color:#fff}.decline{background:#eef0f4;color:#1d2330}
.muted{color:#6b7280;font-size:.85rem}.final{font-weight:600;padding:12px;border-radius:8px;background:#eef0f4}
.final.succeeded{background:#dcfce7;color:#166534}.final.failed,.final.canceled{background:#fee2e2;color:#991b1b}
</style></head>
<body><main>
<p class="muted">Payment Links Sandbox · test mode</p>
<h1>${escapeHtml(link.title)}</h1>
${link.note ? `<p>${escapeHtml(link.note)}</p>` : ''}
<div class="amount">${money(link.payer_amount)}</div>
<table><tr><td>Amount</td><td>${money(link.amount)}</td></tr>${feeRow}
<tr><td>Status</td><td data-status="${link.status}">${link.status}</td></tr></table>
${actions}
</main></body></html>`;
}

export function renderNotFoundPage(id: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payment link not found</title></head>
<body style="font-family:system-ui,sans-serif;padding:40px"><h1>Payment link not found</h1>
<p>There is no payment link with id ${escapeHtml(id)} in this sandbox.</p></body></html>`;
}
