import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatRoute, parseRoute } from '../renderer/src/lib/consoleRoute';

test('every address reads back as the route it was written from', () => {
  const routes = [
    { screen: 'links' as const },
    { screen: 'links' as const, linkId: '3e40698c-261b-4d67-8def-bf70edc13f42' },
    { screen: 'links' as const, linkId: 'abc', deliveryId: 'dlv_1' },
    { screen: 'webhooks' as const, deliveryId: 'dlv_9' },
    { screen: 'webhooks' as const, webhooksView: 'events' as const },
    { screen: 'webhooks' as const, webhooksView: 'events' as const, deliveryId: 'dlv_9' },
    { screen: 'requests' as const, requestSeq: 42 },
    { screen: 'requests' as const, requestSeq: 42, requestId: 'req_5f3a00000000002a' },
    { screen: 'requests' as const, requestQuery: '3e40698c-261b-4d67-8def-bf70edc13f42' },
    { screen: 'requests' as const, requestSeq: 7, requestQuery: 'POST /payment-links?x=1 & 5xx' },
    { screen: 'inbox' as const },
    { screen: 'inbox' as const, inboxName: 'orders' },
    { screen: 'inbox' as const, inboxName: 'default', inboxMessageId: 'msg_0a1b2c3d_17' },
    { screen: 'faults' as const },
    { screen: 'settings' as const },
  ];
  for (const route of routes) assert.deepEqual(parseRoute(formatRoute(route)), route, formatRoute(route));
});

test('unknown, empty or malformed addresses open Links and ignore what they cannot name', () => {
  assert.deepEqual(parseRoute(''), { screen: 'links' });
  assert.deepEqual(parseRoute('#/nowhere/x'), { screen: 'links' });
  assert.deepEqual(parseRoute('#/requests/0'), { screen: 'requests' });
  assert.deepEqual(parseRoute('#/requests/abc'), { screen: 'requests' });
  assert.deepEqual(parseRoute('#/links/%E0%A4%A'), { screen: 'links' });
  assert.deepEqual(parseRoute('#/settings/deliveries/'), { screen: 'settings' });
  assert.deepEqual(parseRoute('#/inbox/no%20spaces'), { screen: 'inbox' });
  assert.deepEqual(parseRoute('#/inbox/orders/not-a-message'), { screen: 'inbox', inboxName: 'orders' });
});
