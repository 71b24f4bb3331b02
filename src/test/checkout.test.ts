import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createLink, fileSandbox } from './harness';

const sandbox = fileSandbox();

const page = (path: string) => fetch(sandbox.origin + path, { redirect: 'manual' });
const press = (id: string, action: 'pay' | 'decline') =>
  fetch(`${sandbox.origin}/pay/${id}/${action}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
  });

test('the checkout page shows title, amount, note and the Pay and Decline actions, without an API key', async () => {
  const link = await createLink(sandbox, { title: 'Concert ticket', note: 'Row 5', amount: 150_000 });
  const res = await page(`/pay/${link.id}`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/html/);
  const html = await res.text();
  assert.match(html, /Concert ticket/);
  assert.match(html, /Row 5/);
  // CLDR gives IDR no fraction digits, so the minor unit is the rupiah (docs/decisions.md).
  assert.match(html, /IDR\s?150,000/);
  assert.match(html, /action="\/pay\/[^"]+\/pay"/);
  assert.match(html, /Decline/);
});

test('Pay drives the link to succeeded and shows the final state', async () => {
  const link = await createLink(sandbox);
  const res = await press(link.id, 'pay');
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), `/pay/${link.id}`);
  const html = await (await page(`/pay/${link.id}`)).text();
  assert.match(html, /Payment received/);
  assert.doesNotMatch(html, /Decline/);
  const api = await sandbox.api('GET', `/payment-links/${link.id}`);
  assert.equal(api.body.data.status, 'succeeded');
  assert.equal(api.body.data.payment_method, 'card');
  const events = [...sandbox.core.store.state.events.values()].filter((e) => e.data.id === link.id);
  assert.deepEqual(
    events.map((e) => e.type),
    ['payment_link.paid'],
  );
});

test('Decline drives the link to failed', async () => {
  const link = await createLink(sandbox);
  await press(link.id, 'decline');
  assert.equal((await sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status, 'failed');
  assert.match(await (await page(`/pay/${link.id}`)).text(), /declined/);
});

test('pressing Pay on a link that is no longer pending changes nothing', async () => {
  const link = await createLink(sandbox);
  await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
  const res = await press(link.id, 'pay');
  assert.equal(res.status, 303);
  assert.equal((await sandbox.api('GET', `/payment-links/${link.id}`)).body.data.status, 'canceled');
  assert.match(await (await page(`/pay/${link.id}`)).text(), /canceled/);
});

test('an unknown or malformed id is a 404 page', async () => {
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
    const res = await page(`/pay/${id}`);
    assert.equal(res.status, 404);
    assert.match(await res.text(), /not found/i);
  }
});

test('merchant text is escaped, never run as HTML', async () => {
  const link = await createLink(sandbox, {
    title: '<script>alert(1)</script>',
    note: '"><img src=x onerror=alert(1)>',
  });
  const html = await (await page(`/pay/${link.id}`)).text();
  assert.doesNotMatch(html, /<script>alert/);
  assert.doesNotMatch(html, /<img src=x/);
  assert.match(html, /&lt;script&gt;/);
});

test('when the payer pays the fees, the page shows them and the total; the expiry reads in UTC', async () => {
  const patch = (fees: object) =>
    fetch(`${sandbox.origin}/_console/api/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fees }),
    });
  const settings = (await (await fetch(`${sandbox.origin}/_console/api/settings`)).json()) as {
    data: { fees: object };
  };
  const before = settings.data.fees;
  assert.equal((await patch({ ...before, paid_by: 'payer' })).status, 200);
  const expires = new Date(Math.floor((Date.now() + 30 * 86_400_000) / 60_000) * 60_000);
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  const shown = `${MONTHS[expires.getUTCMonth()]} ${expires.getUTCDate()}, ${expires.getUTCFullYear()}, ${two(
    expires.getUTCHours(),
  )}:${two(expires.getUTCMinutes())} UTC`;
  try {
    const link = await createLink(sandbox, {
      amount: 100_000,
      reference_id: 'INV-77',
      expires_at: expires.toISOString(),
    });
    assert.ok(link.payer_amount > link.amount);
    const html = await (await page(`/pay/${link.id}`)).text();
    assert.match(
      html,
      new RegExp(`Fees \\(paid by you\\)</td><td>IDR\\s?${link.fee.total.toLocaleString('en')}`),
    );
    assert.match(html, new RegExp(`Total</td><td>IDR\\s?${link.payer_amount.toLocaleString('en')}`));
    assert.match(html, /Reference<\/td><td>INV-77/);
    assert.ok(
      html.includes(`Expires <time datetime="${expires.toISOString()}">${shown}</time>`),
      `the expiry reads ${shown}`,
    );
  } finally {
    await patch(before);
  }
});
