import { expect, launchSandbox, test, openConsole } from './sandboxFixture';

test('requests: API calls appear live, a replay is marked, the detail shows both bodies', async ({
  page,
}) => {
  // A sandbox of its own, so its request log starts empty.
  const sandbox = await launchSandbox();
  const { origin } = sandbox;
  try {
    await page.emulateMedia({ colorScheme: 'light' });

    // The log starts empty: the empty state first.
    await openConsole(page, origin);
    await page.getByRole('link', { name: 'Requests' }).click();
    await expect(page.getByText('No API requests yet')).toBeVisible();
    await expect(page.locator('.empty-state pre')).toContainText(`curl ${origin}/payment-links`);
    await page.screenshot({ path: 'test-results/requests-empty-light.png' });

    const key = `e2e-requests-${Date.now()}`;
    const raw = '{"amount": 73500,  "title": "Requests e2e"}';
    const create = () =>
      fetch(origin + '/payment-links', {
        method: 'POST',
        headers: {
          authorization: 'Bearer sk_test_e2e',
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: raw,
      });
    const first = await create();
    expect(first.status).toBe(201);
    const firstText = await first.text();
    const linkId = (JSON.parse(firstText) as { data: { id: string } }).data.id;
    const second = await create();
    expect(second.headers.get('idempotent-replayed')).toBe('true');

    // Both rows arrive live, newest first; only the second is a replay.
    const rows = page.locator('[role="row"][data-request-id]').filter({ hasText: key });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('replayed');
    await expect(rows.nth(1)).not.toContainText('replayed');
    await expect(rows.nth(1)).toContainText('POST');
    await expect(rows.nth(1)).toContainText('/payment-links');
    await expect(rows.nth(1)).toContainText('201');
    await expect(rows.nth(1)).toContainText('sk_test_e2e');

    // Console requests stay hidden until asked for.
    await expect(
      page.locator('[role="row"][data-request-id]').filter({ hasText: '/_console/api' }),
    ).toHaveCount(0);

    // The filter box narrows by status.
    const filter = page.getByPlaceholder(/Filter by path/);
    await filter.fill('404');
    await expect(rows).toHaveCount(0);
    await filter.fill('payment-links');
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: 'test-results/requests-light.png' });

    await rows.nth(1).click();
    const detail = page.getByRole('dialog', { name: 'POST /payment-links' });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(key);
    await expect(detail).not.toContainText('Yes: the stored answer');
    const requestBody = detail.getByRole('region', { name: 'Request body' });
    await expect(requestBody.locator('pre')).toHaveText(JSON.stringify(JSON.parse(raw), null, 2));
    await requestBody.getByRole('button', { name: 'Raw' }).click();
    await expect(requestBody.locator('pre')).toHaveText(raw);
    const responseBody = detail.getByRole('region', { name: 'Response body' });
    await expect(responseBody.locator('pre')).toContainText(`"id": "${linkId}"`);
    await page.screenshot({ path: 'test-results/requests-detail-light.png' });
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(detail).toBeHidden();

    // From the keyboard: Enter on a focused row opens its detail (the same key must not also press its Close button).
    await rows.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(detail).toBeVisible();
    await expect(detail).toContainText('Yes: the stored answer');
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // Asking for everything brings the console's own requests in, live.
    await filter.fill('');
    await page.getByLabel('Show console and page requests').check();
    await expect(
      page.locator('[role="row"][data-request-id]').filter({ hasText: '/_console/api' }).first(),
    ).toBeVisible();
  } finally {
    sandbox.stop();
  }
});

test('requests: with the table focused, End shows the oldest request and Home the newest', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  try {
    for (let i = 0; i < 40; i++) {
      const { status } = await sandbox.api('GET', `/payment-links?page=${i + 1}&per_page=1`);
      expect(status).toBe(200);
    }
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Requests' }).click();
    await expect(page.locator('.count')).toHaveText('40 requests');
    const oldest = page.locator('[role="row"][data-request-id]').filter({ hasText: 'page=1&' });
    const newest = page.locator('[role="row"][data-request-id]').filter({ hasText: 'page=40&' });
    await expect(oldest).not.toBeInViewport();
    await page.locator('.table-scroll').focus();
    await page.keyboard.press('End');
    await expect(oldest).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(newest).toBeInViewport();
  } finally {
    sandbox.stop();
  }
});

test('requests: past the newest 1,000 the whole log is reachable, and rows arriving live leave the rows in view where they are', async ({
  page,
}) => {
  const sandbox = await launchSandbox();
  const get = (path: string) =>
    fetch(sandbox.origin + path, { headers: { authorization: 'Bearer sk_test_e2e' } }).then((r) => r.status);
  try {
    for (let i = 0; i < 1_500; i++) expect(await get(`/payment-links/older-${i}`)).toBe(400);
    await page.setViewportSize({ width: 1280, height: 720 });
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await expect(page.getByText('1,500 requests', { exact: true })).toBeVisible();
    // A taller window shows more rows at once: none of them left blank.
    await page.setViewportSize({ width: 1280, height: 1600 });
    await expect(
      page.locator('[role="row"][data-request-id]').filter({ hasText: '/payment-links/older-1464' }),
    ).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 720 });

    // End reaches the oldest, the 1,500th, which the screen could not show when it kept 1,000.
    const table = page
      .locator('.table-scroll')
      .filter({ has: page.getByRole('table', { name: 'Requests' }) });
    await page.locator('[role="row"][data-request-id]').first().click();
    await page.keyboard.press('Escape');
    await table.focus();
    await page.keyboard.press('End');
    await expect(
      page.locator('[role="row"][data-request-id]').filter({ hasText: '/payment-links/older-0' }),
    ).toBeInViewport();

    // In the middle of the log, five new requests arrive on top: the row read stays put. They come
    // once the rows around it are read in (a read still on its way as they arrive is a case this
    // test leaves out: see the issue note).
    const reads = new Set<unknown>();
    const readsOf = (request: { url(): string }) =>
      new URL(request.url()).pathname === '/_console/api/requests';
    page.on('request', (request) => void (readsOf(request) && reads.add(request)));
    page.on('requestfinished', (request) => void reads.delete(request));
    page.on('requestfailed', (request) => void reads.delete(request));
    await table.evaluate((el) => (el.scrollTop = 700 * 41));
    const reading = page
      .locator('[role="row"][data-request-id]')
      .filter({ has: page.getByRole('cell', { name: /^\/payment-links\/older-7\d\d$/ }) })
      .first();
    await expect(reading).toBeInViewport();
    const path = (await reading.getByRole('cell').nth(3).textContent()) as string;
    const row = page
      .locator('[role="row"][data-request-id]')
      .filter({ has: page.getByText(path, { exact: true }) });
    await expect.poll(() => reads.size).toBe(0);
    await page.waitForTimeout(300);
    await expect.poll(() => reads.size).toBe(0);
    const before = (await row.boundingBox())?.y;
    for (let i = 0; i < 5; i++) expect(await get(`/payment-links/newer-${i}`)).toBe(400);
    await expect(page.getByText('1,505 requests', { exact: true })).toBeVisible();
    await expect.poll(async () => (await row.boundingBox())?.y).toBe(before);
    await expect(row).toBeInViewport();
  } finally {
    sandbox.stop();
  }
});

test('requests: a word typed in the filter is one read of the log, not one per letter', async ({ page }) => {
  const sandbox = await launchSandbox();
  try {
    expect((await sandbox.api('POST', '/payment-links', { amount: 1_000, title: 'Typed' })).status).toBe(201);
    await openConsole(page, sandbox.origin);
    await page.getByRole('link', { name: 'Requests', exact: true }).click();
    await expect(page.getByText('1 request', { exact: true })).toBeVisible();
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).searchParams.has('q')) reads.push(request.url());
    });
    await page.getByPlaceholder(/Filter by path/).pressSequentially('payment-links', { delay: 20 });
    await expect(page.getByText('1 match', { exact: true })).toBeVisible();
    expect(reads.map((url) => new URL(url).searchParams.get('q'))).toEqual(['payment-links']);
  } finally {
    sandbox.stop();
  }
});
