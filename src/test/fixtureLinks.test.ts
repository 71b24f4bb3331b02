// Fixture links by the thousand (issue 28, docs/configuration.md): each made by the rules a single
// create, simulate or cancel follows, with its webhook event and deliveries, at start and again by
// a reset; all written to the data folder together, not a journal line per slice; and a bad one
// among thousands refuses the whole file, naming its index, with nothing written.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, test } from 'node:test';
import type { PaymentLink } from '../shared/types';
import { checkConfiguration, type Configuration } from '../core';
import { killLeftoverClis, spawnCli, startServe } from './cliProcess';
import { callApi, makeTempDir, startTestSandbox, type TestSandbox } from './harness';

const COUNT = 2_000;
const STATES = [undefined, 'succeeded', 'failed', 'expired', 'canceled'] as const;
const EVENT_OF: Record<string, string> = {
  succeeded: 'payment_link.paid',
  failed: 'payment_link.failed',
  expired: 'payment_link.expired',
  canceled: 'payment_link.canceled',
};
const ENDPOINT = {
  id: 'we_app',
  url: 'http://127.0.0.1:9/webhooks',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  events: ['payment_link.paid', 'payment_link.failed'],
};

interface Fixture {
  id: string;
  amount: number;
  title: string;
  reference_id?: string;
  note?: string;
  expires_in_seconds?: number;
  status?: (typeof STATES)[number];
}

const dirs: string[] = [];
afterEach(async () => {
  await killLeftoverClis();
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await makeTempDir('pls-fixtures-');
  dirs.push(dir);
  return dir;
}

/** `count` fixtures cycling through every state, some with a reference, a note or a lifetime. */
function fixtures(count: number): Fixture[] {
  return Array.from({ length: count }, (_, n) => {
    const status = STATES[n % STATES.length];
    return {
      id: randomUUID(),
      amount: 5_000 + n,
      title: `Fixture ${n}`,
      ...(n % 3 === 0 ? { reference_id: `FX-${n}` } : {}),
      ...(n % 4 === 0 ? { note: 'declared in the file' } : {}),
      ...(n % 7 === 0 ? { expires_in_seconds: 3_600 } : {}),
      ...(status ? { status } : {}),
    };
  });
}

function configured(file: object): Configuration {
  const { configuration, problems } = checkConfiguration(JSON.stringify(file), 'fixtures.json');
  assert.ok(configuration, problems.join('\n'));
  return configuration;
}

async function allLinks(sandbox: TestSandbox): Promise<Map<string, PaymentLink>> {
  const links = new Map<string, PaymentLink>();
  for (let page = 1; ; page++) {
    const res = await sandbox.api('GET', `/payment-links?per_page=100&page=${page}`);
    assert.equal(res.status, 200, res.text);
    for (const link of res.body.data as PaymentLink[]) links.set(link.id, link);
    if (page >= res.body.pagination.last_page) return links;
  }
}

/** Links without what differs between two runs: the moment they were made, and their own id. */
const shape = ({ id: _id, url: _url, created_at, expires_at, paid_at, settle_at, ...rest }: PaymentLink) => ({
  ...rest,
  lifetime: Date.parse(expires_at) - Date.parse(created_at),
  paidAfter: paid_at === null ? null : Date.parse(paid_at) - Date.parse(created_at),
  settleAfter: settle_at === null ? null : Date.parse(settle_at) - Date.parse(created_at),
});

/**
 * Every declared link is there as the file says, in its state with its event (its data the link
 * as it is) and a delivery to the endpoint for each event it takes; nothing else.
 */
async function checkFixtures(
  sandbox: TestSandbox,
  declared: Fixture[],
  others: string[] = [],
): Promise<Map<string, PaymentLink>> {
  const links = await allLinks(sandbox);
  for (const id of others) links.delete(id);
  assert.equal(links.size, declared.length);
  const { settings } = sandbox.core;
  const byStatus: Record<string, number> = {};
  for (const fixture of declared) {
    const link = links.get(fixture.id) as PaymentLink;
    assert.ok(link, `fixture ${fixture.id} is listed`);
    const status = fixture.status ?? 'pending';
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    assert.deepEqual(
      [link.status, link.amount, link.title, link.reference_id, link.note, link.url],
      [
        status,
        fixture.amount,
        fixture.title,
        fixture.reference_id ?? null,
        fixture.note ?? null,
        `${sandbox.origin}/pay/${fixture.id}`,
      ],
    );
    const { lifetime, paidAfter, settleAfter } = shape(link);
    assert.equal(lifetime, (fixture.expires_in_seconds ?? settings.link_lifetime_seconds) * 1000);
    if (status === 'succeeded') {
      assert.deepEqual(
        [link.payment_method, paidAfter, settleAfter],
        ['card', 0, settings.settlement_delay_seconds * 1000],
      );
    } else assert.deepEqual([link.payment_method, paidAfter, settleAfter], [null, null, null]);
  }
  const each = declared.length / STATES.length;
  assert.deepEqual(byStatus, { pending: each, succeeded: each, failed: each, expired: each, canceled: each });

  const { events, deliveries } = sandbox.core.store.state;
  const eventsOf = new Map<string, string[]>();
  for (const event of events.values()) {
    if (others.includes(event.data.id)) continue;
    assert.deepEqual(event.data, links.get(event.data.id), `${event.type} carries the link as it is`);
    eventsOf.set(event.data.id, [...(eventsOf.get(event.data.id) ?? []), event.type]);
  }
  for (const fixture of declared) {
    const type = EVENT_OF[fixture.status ?? 'pending'];
    assert.deepEqual(eventsOf.get(fixture.id) ?? [], type ? [type] : [], `events of ${fixture.id}`);
  }
  const delivered = [...deliveries.values()]
    .filter((d) => !others.includes(d.link_id))
    .map((d) => `${d.endpoint_id} ${d.event_type} ${d.link_id}`);
  const expected = declared
    .filter((f) => f.status === 'succeeded' || f.status === 'failed')
    .map((f) => `we_app ${EVENT_OF[f.status as string]} ${f.id}`);
  assert.deepEqual(delivered.sort(), expected.sort(), 'one delivery per event the endpoint takes');
  return links;
}

/** The link ids each file of the data folder holds: the snapshot's, and the journal's link ops'. */
async function linksOnDisk(dir: string): Promise<{ snapshot: Set<string>; journal: Set<string> }> {
  // No snapshot yet is a store whose every record is in the journal.
  const text = await readFile(join(dir, 'sandbox.json'), 'utf8').catch(() => '{"links":[]}');
  const snapshot = JSON.parse(text) as { links: PaymentLink[] };
  const journal = new Set<string>();
  for (const name of await readdir(dir)) {
    if (!/^journal-\d+\.ndjson$/.test(name)) continue;
    for (const line of (await readFile(join(dir, name), 'utf8')).split('\n')) {
      if (!line) continue;
      const record = JSON.parse(line) as { ops: { op: string; v?: { id: string } }[] };
      for (const op of record.ops) if (op.op === 'link') journal.add((op.v as { id: string }).id);
    }
  }
  return { snapshot: new Set(snapshot.links.map((link) => link.id)), journal };
}

test('2,000 fixture links in every state are made as the API makes them, with their events and deliveries, at start and by a reset, and reach the disk together', async () => {
  const declared = fixtures(COUNT);
  const dir = await tempDir();
  const configuration = configured({
    version: 1,
    clock: { frozen: true },
    endpoints: [ENDPOINT],
    links: declared,
  });
  let sandbox = await startTestSandbox({ dataDir: dir, configuration });
  try {
    const started = await checkFixtures(sandbox, declared);
    // One of each kind made through the API at the same (frozen) moment is the same link.
    for (const fixture of declared.slice(0, STATES.length)) {
      const { id: _id, status, expires_in_seconds, ...body } = fixture;
      const now = Date.parse((await sandbox.api('GET', '/sandbox/clock')).body.data.now);
      const expires_at =
        expires_in_seconds === undefined
          ? undefined
          : new Date(now + expires_in_seconds * 1000).toISOString();
      const made = await sandbox.api('POST', '/payment-links', { body: { ...body, expires_at } });
      assert.equal(made.status, 201, made.text);
      let link = made.body.data as PaymentLink;
      if (status === 'canceled')
        link = (await sandbox.api('POST', `/payment-links/${link.id}/cancel`)).body.data;
      else if (status) {
        const event = { succeeded: 'paid', failed: 'failed', expired: 'expired' }[status];
        const simulated = await sandbox.api('POST', '/sandbox/simulate', {
          body: { payment_link_id: link.id, event },
        });
        assert.equal(simulated.status, 200, simulated.text);
        link = (await sandbox.api('GET', `/payment-links/${link.id}`)).body.data;
      }
      assert.deepEqual(
        shape(started.get(fixture.id) as PaymentLink),
        shape(link),
        `a ${status ?? 'pending'} one`,
      );
    }
    const firstStart = await linksOnDisk(dir);
    assert.equal(
      declared.filter((f) => firstStart.snapshot.has(f.id)).length,
      COUNT,
      'every fixture in sandbox.json',
    );
    assert.equal(
      declared.filter((f) => firstStart.journal.has(f.id)).length,
      0,
      'no fixture in a journal line: they were written together, not a commit per slice',
    );

    const reset = await sandbox.api('POST', '/sandbox/reset');
    assert.equal(reset.status, 200, reset.text);
    assert.equal(reset.body.data.links, COUNT + STATES.length);
    const again = await checkFixtures(sandbox, declared);
    assert.deepEqual(
      [...again.values()].map(shape),
      [...started.values()].map(shape),
      'the same links, in the same order',
    );
    const afterReset = await linksOnDisk(dir);
    assert.equal(declared.filter((f) => afterReset.snapshot.has(f.id)).length, COUNT);
    assert.equal(declared.filter((f) => afterReset.journal.has(f.id)).length, 0);

    await sandbox.stop({ keepDir: true });
    sandbox = await startTestSandbox({ dataDir: dir });
    assert.deepEqual(await allLinks(sandbox), again, 'read back from the data folder as they were');
  } finally {
    await sandbox.stop({ keepDir: true });
  }
});

test('fixture links added to a store holding more links are made the same way, in journal lines', async () => {
  const dir = await tempDir();
  let sandbox = await startTestSandbox({ dataDir: dir });
  const made: string[] = [];
  try {
    for (let i = 0; i < 30; i++)
      made.push(
        (await sandbox.api('POST', '/payment-links', { body: { amount: 1_000, title: 'Made' } })).body.data
          .id,
      );
  } finally {
    await sandbox.stop({ keepDir: true });
  }
  const declared = fixtures(10);
  sandbox = await startTestSandbox({
    dataDir: dir,
    configuration: configured({
      version: 1,
      clock: { frozen: true },
      endpoints: [ENDPOINT],
      links: declared,
    }),
  });
  try {
    await checkFixtures(sandbox, declared, made);
    const { journal } = await linksOnDisk(dir);
    assert.equal(declared.filter((f) => journal.has(f.id)).length, declared.length, 'each in a journal line');
  } finally {
    await sandbox.stop({ keepDir: true });
  }
});

test('fixture links the disk refuses are undone together: the start fails, and none of them is kept', async () => {
  const dir = await tempDir();
  const declared = fixtures(COUNT);
  // One record past what this store may write (its limit made small), among thousands that fit.
  Object.assign(declared[1_000] as Fixture, { title: 't'.repeat(255), note: 'n'.repeat(1_000) });
  const configuration = configured({ version: 1, endpoints: [ENDPOINT], links: declared });
  const refused = await startTestSandbox({
    dataDir: dir,
    configuration,
    storeLimits: { recordBytes: 1_536 },
  }).then(
    (sandbox) => sandbox.stop({ keepDir: true }).then(() => null),
    (err: Error) => err,
  );
  assert.ok(refused, 'the start fails');
  assert.match(
    refused.message,
    new RegExp(
      `could not save this change .*links\\[\\d+\\] \\(${declared[1_000]?.id}\\) is .* more than the 1\\.5 KiB one record may take\\); nothing was changed`,
    ),
  );

  const plain = await startTestSandbox({ dataDir: dir });
  try {
    assert.equal((await plain.api('GET', '/payment-links?per_page=1')).body.pagination.total, 0);
    assert.equal(plain.core.store.state.events.size, 0);
    assert.equal(plain.core.store.state.deliveries.size, 0);
  } finally {
    await plain.stop({ keepDir: true });
  }
});

test('a bad fixture among thousands is refused with its index, exit 2, and nothing of the file is written', async () => {
  const cwd = await tempDir();
  const data = await tempDir();
  const file = join(cwd, 'payment-links-sandbox.json');
  const declared: Record<string, unknown>[] = fixtures(5_000).map((fixture) => ({ ...fixture }));
  (declared[2_500] as Record<string, unknown>).amount = '99000';
  await writeFile(file, JSON.stringify({ version: 1, endpoints: [ENDPOINT], links: declared }));
  const refused = spawnCli(['serve', '--port', '0', '--data', data, '--config', file], {});
  assert.equal((await refused.waitForExit()).code, 2, refused.transcript());
  assert.deepEqual(refused.stderrLines(), [
    `payment-links-sandbox: configuration ${file}: links[2500].amount: Invalid amount: "99000" (a string); amount must be an integer from 1 to 100000000000 (minor units).`,
  ]);

  // Valid on its own, but not under this store's fees: refused at start, before anything is made.
  const first = await startServe(data);
  const patched = await callApi(first.origin, 'PATCH', '/_console/api/settings', {
    body: { fees: { transaction_fixed: 5_000 } },
    key: null,
    headers: { origin: first.origin },
  });
  assert.equal(patched.status, 200, patched.text);
  first.cli.signal('SIGTERM');
  assert.equal((await first.cli.waitForExit()).code, 0);
  (declared[2_500] as Record<string, unknown>).amount = 5_001;
  for (const [i, fixture] of declared.entries()) if (i !== 2_500) fixture.amount = 1_000_000 + i;
  await writeFile(file, JSON.stringify({ version: 1, endpoints: [ENDPOINT], links: declared }));
  const unpaid = spawnCli(['serve', '--port', '0', '--data', data, '--config', file], {});
  assert.equal((await unpaid.waitForExit()).code, 2, unpaid.transcript());
  assert.match(
    unpaid.stderr,
    /^payment-links-sandbox: configuration .*: links\[2500\]\.amount: amount 5001 is less than the fee of \d+/,
  );

  const plain = await startServe(data);
  try {
    const listed = await callApi(plain.origin, 'GET', '/payment-links?per_page=1');
    assert.equal(listed.body.pagination.total, 0, 'no link of the file was made');
    const endpoints = await callApi(plain.origin, 'GET', '/_console/api/endpoints', {
      key: null,
      headers: { origin: plain.origin },
    });
    assert.deepEqual(endpoints.body.data, [], 'nor its endpoint');
  } finally {
    plain.cli.signal('SIGTERM');
    await plain.cli.waitForExit();
  }
});
