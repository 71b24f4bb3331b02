import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatRoute, parseRoute } from '../renderer/src/lib/consoleRoute';
import {
  PLAIN_LINKS_VIEW,
  readLinksView,
  writeLinksView,
  type LinksView,
} from '../renderer/src/lib/linksQuery';

const view = (change: Partial<LinksView>): LinksView => ({ ...PLAIN_LINKS_VIEW, ...change });
const read = (query: string) => readLinksView(new URLSearchParams(query));

test('a Links view written to the address reads back as the same view', () => {
  const views = [
    view({ status: 'pending' }),
    view({ q: 'order #42 & co' }),
    view({ sort: 'amount', order: 'asc' }),
    view({ sort: 'created_at', order: 'asc' }),
    view({ created: { preset: '7d', from: '', to: '' } }),
    view({ created: { preset: 'custom', from: '2026-01-01', to: '2026-01-31' } }),
    view({ created: { preset: 'custom', from: '', to: '2026-01-31' } }),
    view({
      status: 'failed',
      q: 'Café',
      sort: 'title',
      order: 'desc',
      created: { preset: 'today', from: '', to: '' },
    }),
  ];
  for (const v of views) assert.deepEqual(read(writeLinksView(v)), v, writeLinksView(v));
  assert.equal(
    writeLinksView(view({ status: 'pending', sort: 'amount', order: 'asc' })),
    '?status=pending&sort=amount&order=asc',
  );
});

test('the plain list has no query; what the address cannot name is left out', () => {
  assert.equal(writeLinksView(PLAIN_LINKS_VIEW), '');
  assert.equal(writeLinksView(view({ q: '   ' })), '');
  assert.deepEqual(read(''), PLAIN_LINKS_VIEW);
  assert.deepEqual(read('status=paid&sort=colour&order=up&created=yesterday'), PLAIN_LINKS_VIEW);
  // An order without its field is not applied to the default field.
  assert.deepEqual(read('order=asc'), PLAIN_LINKS_VIEW);
  assert.deepEqual(read('sort=amount'), view({ sort: 'amount', order: 'desc' }));
  assert.deepEqual(
    read('created=custom&from=01/02/2026&to=2026-02-30x'),
    view({ created: { preset: 'custom', from: '', to: '' } }),
  );
  // Dates belong to the custom range only.
  assert.deepEqual(read('created=7d&from=2026-01-01'), view({ created: { preset: '7d', from: '', to: '' } }));
  assert.equal(read(`q=${'x'.repeat(500)}`).q.length, 200);
});

test('the Links address keeps the open link and the inspector beside its view', () => {
  const route = {
    screen: 'links' as const,
    linkId: '3e40698c-261b-4d67-8def-bf70edc13f42',
    deliveryId: 'dlv_1',
    linksView: view({ status: 'pending', q: 'shoes' }),
  };
  assert.equal(
    formatRoute(route),
    '#/links/3e40698c-261b-4d67-8def-bf70edc13f42/deliveries/dlv_1?status=pending&q=shoes',
  );
  assert.deepEqual(parseRoute(formatRoute(route)), route);
  assert.deepEqual(parseRoute('#/links?status=pending'), {
    screen: 'links',
    linksView: view({ status: 'pending' }),
  });
  // The plain list's address stays `#/links`, and another screen ignores a Links query.
  assert.deepEqual(parseRoute('#/links?status=bogus'), { screen: 'links' });
  assert.deepEqual(parseRoute('#/webhooks?status=pending'), { screen: 'webhooks' });
  assert.equal(formatRoute({ screen: 'webhooks', linksView: view({ status: 'pending' }) }), '#/webhooks');
});
