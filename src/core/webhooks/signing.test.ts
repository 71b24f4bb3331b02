import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import type { WebhookEndpoint } from '../../shared/types';
import { newWebhookSecret } from '../webhookEndpoints';
import { signatureVerifies, signedHeaders } from './signing';

const endpoint = (secret: string, previous: string[] = []): WebhookEndpoint => ({
  id: 'we_test',
  url: 'http://127.0.0.1:9/h',
  secret,
  previous_secrets: previous.map((s) => ({
    secret: s,
    expires_at: new Date(Date.now() + 3600_000).toISOString(),
  })),
  enabled: true,
  event_types: ['payment_link.paid'],
  description: '',
  created_at: new Date().toISOString(),
});

test('what we sign, the reference library verifies; and what it verifies, the inspector confirms', () => {
  const secret = newWebhookSecret();
  const body = '{"id":"evt_1","type":"payment_link.paid"}';
  const headers = signedHeaders(endpoint(secret), 'evt_1', body, Date.now());
  assert.doesNotThrow(() => new Webhook(secret).verify(body, headers));
  assert.equal(signatureVerifies(headers, body, [secret]), true);
  assert.equal(signatureVerifies(headers, body, [newWebhookSecret()]), false, 'another secret');
  assert.equal(signatureVerifies(headers, body.replace('paid', 'failed'), [secret]), false, 'a changed body');
  assert.equal(
    signatureVerifies({ ...headers, 'webhook-signature': '' }, body, [secret]),
    false,
    'no signature',
  );
});

test('after a rotation the header carries both signatures, and either secret verifies', () => {
  const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
  const body = '{}';
  const headers = signedHeaders(endpoint(fresh, [old]), 'evt_2', body, Date.now());
  assert.equal(headers['webhook-signature']?.split(' ').length, 2);
  for (const secret of [old, fresh]) {
    assert.doesNotThrow(() => new Webhook(secret).verify(body, headers));
    assert.equal(signatureVerifies(headers, body, [secret]), true);
  }
});

test('the signature is byte for byte what standardwebhooks signs, for many secrets, bodies and times', () => {
  const bodies = ['{}', '{"note":"ünïcødé ✓ \\u2028"}', 'x'.repeat(70_000)];
  for (let i = 0; i < 30; i++) {
    const secret = newWebhookSecret();
    const body = bodies[i % bodies.length] as string;
    const at = Date.UTC(2026, 10, 23, 12, 0, i, 999);
    const headers = signedHeaders(endpoint(secret), `evt_${i}`, body, at);
    assert.equal(headers['webhook-timestamp'], String(Math.floor(at / 1000)));
    assert.equal(headers['webhook-signature'], new Webhook(secret).sign(`evt_${i}`, new Date(at), body));
  }
});
