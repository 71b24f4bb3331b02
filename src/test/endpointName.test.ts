// Endpoint names in the console's tables: two endpoints on 127.0.0.1 must not read the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { endpointName } from '../renderer/src/lib/endpointName';

const origin = 'http://127.0.0.1:4567';

test('the built-in inbox goes by its name, the tester’s receiver by host:port/path', () => {
  assert.equal(endpointName('http://127.0.0.1:4567/_inbox/default', { origin }), 'Inbox default');
  assert.equal(endpointName('http://localhost:4567/_inbox/orders-qa', { origin }), 'Inbox orders-qa');
  assert.equal(endpointName('http://127.0.0.1:53211/webhooks', { origin }), '127.0.0.1:53211/webhooks');
  assert.notEqual(
    endpointName('http://127.0.0.1:4567/_inbox/default', { origin }),
    endpointName('http://127.0.0.1:53211/webhooks', { origin }),
  );
});

test('an /_inbox/ path on another server is that server’s, not the sandbox’s inbox', () => {
  assert.equal(
    endpointName('http://127.0.0.1:9000/_inbox/default', { origin }),
    '127.0.0.1:9000/_inbox/default',
  );
  assert.equal(
    endpointName('https://hooks.example/_inbox/default', { origin }),
    'hooks.example/_inbox/default',
  );
});

test('a description the tester gave is the name, whatever the URL', () => {
  assert.equal(
    endpointName('http://127.0.0.1:4567/_inbox/default', { origin, description: '  Built-in inbox ' }),
    'Built-in inbox',
  );
  assert.equal(
    endpointName('http://127.0.0.1:53211/webhooks', { origin, description: '   ' }),
    '127.0.0.1:53211/webhooks',
  );
});

test('the scheme, query and trailing slash go; a long path is cut in the middle, keeping its last segment', () => {
  assert.equal(endpointName('https://shop.example/?token=abc', { origin }), 'shop.example');
  assert.equal(endpointName('https://shop.example/hooks/?token=abc', { origin }), 'shop.example/hooks');
  assert.equal(
    endpointName('https://api.shop.example:8443/v2/integrations/payments/provider/webhook', { origin }),
    'api.shop.example:8443/v2/…/webhook',
  );
  assert.equal(
    endpointName('https://a-very-long-subdomain.payments.shop.example/integrations/sandbox/webhook', {
      origin,
    }),
    'a-very-long-subdomain.payments.shop.example/…/webhook',
  );
});

test('what does not parse as a URL is shown as it is', () => {
  assert.equal(endpointName('not a url', { origin }), 'not a url');
});
