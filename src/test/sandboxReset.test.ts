// POST /sandbox/reset and the configuration a real server applies (docs/configuration.md): a fixed
// secret that signs real deliveries, a reset that empties what it says and applies the file again,
// and the file's JSON Schema.
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { test } from 'node:test';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { checkConfiguration, type Configuration } from '../core';
import { writeConfigSchema } from '../package/configSchemaFile';
import { docExample } from './configFile';
import { startTestSandbox, makeTempDir } from './harness';
import { WebhookReceiver } from './webhookReceiver';

const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const FIXTURE = '3b0c1d2e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

function configured(file: object): Configuration {
  const { configuration, problems } = checkConfiguration(JSON.stringify(file), 'test.json');
  assert.ok(configuration, problems.join('\n'));
  return configuration;
}

test("a declared endpoint's fixed secret signs a real delivery to a real receiver", async () => {
  const receiver = await WebhookReceiver.start();
  const sandbox = await startTestSandbox({
    configuration: configured({
      version: 1,
      endpoints: [{ id: 'we_app', url: receiver.url, secret: SECRET, events: ['payment_link.paid'] }],
    }),
  });
  try {
    const link = await sandbox.api('POST', '/payment-links', { body: { amount: 150_000, title: 'Signed' } });
    await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: link.body.data.id, event: 'paid' },
    });
    const [delivery] = await receiver.waitForRequests(1);
    const event = new Webhook(SECRET).verify(delivery!.body, delivery!.headers) as { data: { id: string } };
    assert.equal(event.data.id, link.body.data.id);
  } finally {
    await sandbox.stop();
    await receiver.stop();
  }
});

test('POST /sandbox/reset empties links, deliveries, events, idempotency records, the request log and the inboxes, brings the clock home and applies the file again; settings, endpoints and rules stay', async () => {
  const receiver = await WebhookReceiver.start();
  const sandbox = await startTestSandbox({
    configuration: configured({
      version: 1,
      endpoints: [{ id: 'we_app', url: receiver.url, secret: SECRET }],
      links: [{ id: FIXTURE, amount: 5000, title: 'Fixture' }],
    }),
  });
  const consoleCall = (method: string, path: string, body?: unknown) =>
    sandbox.consoleApi(method, path, body, { origin: sandbox.origin });
  try {
    const made = await sandbox.api('POST', '/payment-links', {
      body: { amount: 1000, title: 'Made' },
      headers: { 'idempotency-key': 'order-1' },
    });
    await sandbox.api('POST', '/sandbox/simulate', {
      body: { payment_link_id: made.body.data.id, event: 'paid' },
    });
    await receiver.waitForRequests(1);
    await sandbox.api('POST', '/payment-links', { body: { amount: 2000, title: 'Made too' } });
    const posted = await fetch(`${sandbox.origin}/_inbox/app`, { method: 'POST', body: '{}' });
    assert.equal(posted.status, 200);
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 3600 } });
    await sandbox.api('POST', '/sandbox/clock/freeze');
    await consoleCall('PATCH', '/settings', { currency: 'USD' });
    await consoleCall('POST', '/endpoints', { url: 'http://127.0.0.1:9/console' });
    await sandbox.api('POST', '/sandbox/faults', {
      body: { match: { path: '/payment-links/:id/cancel' }, action: { type: 'latency', ms: 1 } },
    });

    const reset = await sandbox.api('POST', '/sandbox/reset');
    assert.equal(reset.status, 200, reset.text);
    const { requests: logged, ...removed } = reset.body.data;
    assert.deepEqual(removed, {
      links: 3,
      events: 1,
      deliveries: 1,
      idempotency_records: 1,
      inbox_messages: 1,
    });
    // The six API requests above: the inbox's and the console's are not the app's (docs/storage.md).
    assert.equal(logged, 6, `requests removed: ${logged}`);

    const links = await sandbox.api('GET', '/payment-links');
    assert.deepEqual(
      links.body.data.map((link: { id: string }) => link.id),
      [FIXTURE],
      'only the fixture, made again',
    );
    const clock = (await sandbox.api('GET', '/sandbox/clock')).body.data;
    assert.equal(clock.frozen, false);
    assert.ok(Math.abs(clock.offset_seconds) < 5, `clock home: ${JSON.stringify(clock)}`);
    assert.deepEqual((await sandbox.api('GET', '/sandbox/inbox/app/messages')).body.data, []);
    assert.deepEqual((await consoleCall('GET', '/deliveries')).body.data, []);
    const requests = (await consoleCall('GET', '/requests')).body.data as { path: string }[];
    assert.ok(!requests.some((entry) => entry.path.startsWith('/sandbox/simulate')), 'request log emptied');
    assert.equal((await consoleCall('GET', '/settings')).body.data.currency, 'USD');
    const endpoints = (await consoleCall('GET', '/endpoints')).body.data as { id: string; secret: string }[];
    assert.equal(endpoints.length, 2, 'the declared endpoint and the console one');
    assert.equal(endpoints.find((e) => e.id === 'we_app')?.secret, SECRET);
    assert.equal((await sandbox.api('GET', '/sandbox/faults')).body.data.length, 1);

    const again = await sandbox.api('POST', '/sandbox/reset');
    assert.equal(again.body.data.links, 1, 'a second reset finds only the fixture');
  } finally {
    await sandbox.stop();
    await receiver.stop();
  }
});

test("the console's reset is the same reset: clock home and the file applied again; it leaves the inboxes alone", async () => {
  const sandbox = await startTestSandbox({
    inMemory: true,
    configuration: configured({ version: 1, links: [{ id: FIXTURE, amount: 5000, title: 'Fixture' }] }),
  });
  try {
    await sandbox.api('POST', '/sandbox/clock/advance', { body: { seconds: 86_400 } });
    await fetch(`${sandbox.origin}/_inbox/kept`, { method: 'POST', body: '{}' });
    await sandbox.api('POST', `/payment-links/${FIXTURE}/cancel`);
    const reset = await sandbox.consoleApi('POST', '/store/reset', {}, { origin: sandbox.origin });
    assert.equal(reset.status, 200, reset.text);
    assert.equal(reset.body.data.links, 1);
    const fixture = await sandbox.api('GET', `/payment-links/${FIXTURE}`);
    assert.equal(fixture.body.data.status, 'pending', 'made again from the file');
    assert.ok(Math.abs((await sandbox.api('GET', '/sandbox/clock')).body.data.offset_seconds) < 5);
    assert.equal((await sandbox.api('GET', '/sandbox/inbox/kept/messages')).body.data.length, 1);
  } finally {
    await sandbox.stop();
  }
});

test('GET /config.schema.json needs no key, is the file the package ships, and accepts the documented example', async () => {
  const sandbox = await startTestSandbox({ inMemory: true });
  const dir = await makeTempDir('pls-schema-');
  try {
    const response = await fetch(`${sandbox.origin}/config.schema.json`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/schema\+json/);
    const served = (await response.json()) as object;
    const shipped = JSON.parse(await readFile(await writeConfigSchema(dir), 'utf8'));
    assert.deepEqual(shipped, served);

    const ajv = new Ajv({ strict: false });
    addFormats(ajv);
    const validate = ajv.compile(served);
    const example = JSON.parse(await docExample()) as { endpoints: { secret: string }[] };
    assert.ok(validate(example), JSON.stringify(validate.errors));
    (example.endpoints[0] as { secret: string }).secret = 'not-a-secret';
    assert.equal(validate(example), false);
    assert.equal(validate.errors?.[0]?.instancePath, '/endpoints/0/secret');
    const perWorkspace = {
      version: 1,
      endpoints: [{ id: 'we_each', url: 'http://127.0.0.1:4545/_inbox/{workspace}' }],
    };
    assert.ok(validate(perWorkspace), `an editor accepts {workspace}: ${JSON.stringify(validate.errors)}`);
  } finally {
    await sandbox.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
