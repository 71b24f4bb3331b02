// The receivers docs/webhook-receivers.md shows (docs/examples/receivers), each run against a real
// sandbox delivering to it: Express and Fastify started by the command the doc shows, the Next.js
// route handlers called with a Request for each HTTP request, as Next itself calls them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { CliProcess, killLeftoverClis, REPO_ROOT } from './cliProcess';
import { createLink, eventually, startTestSandbox, type TestSandbox, TEST_SECRET as SECRET } from './harness';

const DOC = 'docs/webhook-receivers.md';

interface Receiver {
  origin: string;
  /** Where the sandbox delivers, on `origin`. */
  webhookPath: string;
  stop(): Promise<void>;
}

/** The `node …` lines of the doc's ```sh blocks, each a command a reader runs from the repository. */
async function shownCommands(): Promise<string[]> {
  const text = await readFile(join(REPO_ROOT, DOC), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].flatMap((block) =>
    (block[1] as string).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#')),
  );
}

/** The doc's command naming `file`, run by a shell exactly as shown, with the secret in its variable. */
async function startShown(file: string): Promise<Receiver> {
  const line = (await shownCommands()).find((command) => command.includes(file));
  assert.ok(line, `${DOC} shows no command that runs ${file}`);
  const child = new CliProcess(
    [],
    { WEBHOOK_SECRET: SECRET, PORT: '0' },
    { file: 'sh', args: ['-c', `exec ${line}`] },
  );
  const origin = await child.waitFor(
    () => /Receiver listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(child.stdout)?.[1],
    `${file} listening`,
  );
  return { origin, webhookPath: '/webhooks', stop: () => child.forceKill() };
}

/** The two App Router handlers behind a plain HTTP server: each request becomes a Request, as in Next. */
async function startNext(): Promise<Receiver> {
  process.env.WEBHOOK_SECRET = SECRET;
  const webhooks = await import('../../docs/examples/receivers/nextjs/app/api/webhooks/route');
  const orders = await import('../../docs/examples/receivers/nextjs/app/orders/[reference_id]/route');
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const body = req.method === 'POST' ? Buffer.concat(chunks) : undefined;
    const request = new Request(url, { method: req.method, headers, body });
    const order = /^\/orders\/([^/]+)$/.exec(url.pathname);
    const response =
      req.method === 'POST' && url.pathname === '/api/webhooks'
        ? await webhooks.POST(request)
        : req.method === 'GET' && order
          ? await orders.GET(request, {
              params: Promise.resolve({ reference_id: decodeURIComponent(order[1]!) }),
            })
          : new Response(null, { status: 404 });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
  // A handler that throws gets a 500, as Next answers it.
  const server = createServer((req, res) => void handle(req, res).catch(() => res.writeHead(500).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    webhookPath: '/api/webhooks',
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const RECEIVERS: { name: string; start: () => Promise<Receiver> }[] = [
  { name: 'Express', start: () => startShown('docs/examples/receivers/express.mjs') },
  { name: 'Fastify', start: () => startShown('docs/examples/receivers/fastify.mjs') },
  { name: 'Next.js', start: startNext },
];

after(killLeftoverClis);

for (const { name, start } of RECEIVERS) {
  describe(`the ${name} receiver`, () => {
    let sandbox: TestSandbox;
    let receiver: Receiver;
    let endpointId: string;
    before(async () => {
      sandbox = await startTestSandbox({ inMemory: true });
      receiver = await start();
      const endpoint = await sandbox.api('POST', '/sandbox/endpoints', {
        body: { url: receiver.origin + receiver.webhookPath, secret: SECRET },
      });
      assert.equal(endpoint.status, 201, endpoint.text);
      endpointId = endpoint.body.data.id;
    });
    after(async () => {
      await receiver?.stop();
      await sandbox?.stop();
    });

    const order = async (reference: string) => {
      const res = await fetch(`${receiver.origin}/orders/${reference}`);
      return { status: res.status, body: (await res.json()) as any };
    };
    const setFaults = async (faults: Record<string, unknown>) => {
      const res = await sandbox.api('PATCH', `/sandbox/endpoints/${endpointId}`, { body: { faults } });
      assert.equal(res.status, 200, res.text);
    };
    const deliveriesOf = async (linkId: string) =>
      (await sandbox.api('GET', `/sandbox/deliveries?link=${linkId}`)).body.data as any[];
    /** Waits until `count` deliveries of the link are answered, and returns them. */
    const answered = (linkId: string, count = 1) =>
      eventually(async () => {
        const deliveries = await deliveriesOf(linkId);
        return deliveries.length >= count && deliveries.every((d) => d.last_status !== null)
          ? deliveries
          : undefined;
      }, `${count} answered deliveries of ${linkId}`);
    const simulate = (linkId: string, event: string) =>
      sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: linkId, event } });
    /** An event sent by hand, signed with the endpoint's secret unless `signature` says otherwise. */
    const send = async (
      event: Record<string, unknown>,
      options: {
        id?: string;
        at?: Date;
        signature?: (valid: string) => string | undefined;
        /** The bytes sent (and signed): compact JSON unless given. */
        body?: string;
      } = {},
    ) => {
      const body = options.body ?? JSON.stringify(event);
      const id = options.id ?? `msg_${randomBytes(8).toString('hex')}`;
      const at = options.at ?? new Date();
      const valid = new Webhook(SECRET).sign(id, at, body);
      const signature = options.signature ? options.signature(valid) : valid;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      };
      if (signature !== undefined) headers['webhook-signature'] = signature;
      const res = await fetch(receiver.origin + receiver.webhookPath, { method: 'POST', headers, body });
      return { status: res.status, text: await res.text() };
    };

    test('each outcome the sandbox delivers is verified and applied: the order shows its final status', async () => {
      const outcomes = {
        paid: 'succeeded',
        failed: 'failed',
        expired: 'expired',
        canceled: 'canceled',
      } as const;
      for (const [outcome, status] of Object.entries(outcomes)) {
        const link = await createLink(sandbox, { reference_id: `order-${outcome}` });
        if (outcome === 'canceled') await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
        else assert.equal((await simulate(link.id, outcome)).status, 200);
        const [delivery] = await answered(link.id);
        assert.equal(delivery.last_status, 204, `${outcome}: ${delivery.last_error}`);
        assert.deepEqual(await order(`order-${outcome}`), {
          status: 200,
          body: { status, events: [delivery.event_id] },
        });
      }
    });

    test('a duplicate delivery (same webhook-id) is answered 2xx and applied once', async () => {
      await setFaults({ duplicate: true });
      try {
        const link = await createLink(sandbox, { reference_id: 'order-duplicate' });
        await simulate(link.id, 'paid');
        const deliveries = await answered(link.id, 2);
        assert.deepEqual(
          deliveries.map((d) => d.last_status),
          [204, 204],
        );
        assert.equal(deliveries[0].event_id, deliveries[1].event_id);
        assert.deepEqual((await order('order-duplicate')).body, {
          status: 'succeeded',
          events: [deliveries[0].event_id],
        });
      } finally {
        await setFaults({ duplicate: false });
      }
    });

    test('a bad signature is refused with a 4xx and changes nothing; the same event well signed applies', async () => {
      await setFaults({ bad_signature: true });
      const link = await createLink(sandbox, { reference_id: 'order-bad-signature' });
      let delivery: any;
      try {
        await simulate(link.id, 'paid');
        [delivery] = await answered(link.id);
        assert.ok(
          delivery.last_status >= 400 && delivery.last_status < 500,
          `answered ${delivery.last_status}`,
        );
        assert.equal((await order('order-bad-signature')).status, 404);
      } finally {
        await setFaults({ bad_signature: false });
      }
      await sandbox.api('POST', `/sandbox/deliveries/${delivery.id}/resend`);
      await eventually(
        async () => ((await deliveriesOf(link.id))[0].status === 'delivered' ? true : undefined),
        'the resent delivery',
      );
      assert.equal((await order('order-bad-signature')).body.status, 'succeeded');
    });

    test('by hand: stale, future, missing or re-serialised signatures get a 4xx; rotation and unknown types a 2xx', async () => {
      const link = await createLink(sandbox, { reference_id: 'order-by-hand' });
      const event = {
        id: 'evt_by_hand',
        type: 'payment_link.paid',
        timestamp: new Date().toISOString(),
        data: link,
      };
      const tenMinutes = 10 * 60 * 1000;
      const refused = [
        await send(event, { at: new Date(Date.now() - tenMinutes) }),
        await send(event, { at: new Date(Date.now() + tenMinutes) }),
        await send(event, { signature: () => undefined }),
        await send(event, { signature: () => new Webhook(SECRET).sign('other', new Date(), '{}') }),
        // Signed over the JSON as a parser would re-serialise it, not the bytes sent.
        await send(event, {
          signature: () => new Webhook(SECRET).sign('x', new Date(), JSON.stringify(event, null, 2)),
        }),
      ];
      for (const answer of refused)
        assert.ok(answer.status >= 400 && answer.status < 500, JSON.stringify(answer));
      assert.equal((await order('order-by-hand')).status, 404, 'a refused event changed the order');

      const other = `v1,${randomBytes(32).toString('base64')}`;
      const rotated = await send(event, { id: 'msg_rotated', signature: (valid) => `${other} ${valid}` });
      assert.equal(rotated.status, 204, 'the second of two v1 signatures is the valid one');
      assert.deepEqual((await order('order-by-hand')).body, { status: 'succeeded', events: ['msg_rotated'] });

      const unknown = await send({ ...event, type: 'payment_link.refunded' }, { id: 'msg_unknown' });
      assert.ok(unknown.status >= 200 && unknown.status < 300, `an unknown type answered ${unknown.status}`);
      assert.deepEqual((await order('order-by-hand')).body.events, ['msg_rotated']);
    });

    test('a body that JSON.stringify would not give back byte for byte is verified as sent', async () => {
      const link = await createLink(sandbox, { reference_id: 'order-as-sent', title: 'Café crème ✓' });
      const event = {
        id: 'evt_as_sent',
        type: 'payment_link.paid',
        timestamp: new Date().toISOString(),
        data: link,
      };
      // Indented, with é escaped: re-serialising the parsed event gives other bytes, so another signature.
      const body = JSON.stringify(event, null, 2).replaceAll('é', '\\u00e9');
      assert.notEqual(JSON.stringify(JSON.parse(body)), body);
      const answer = await send(event, { id: 'msg_as_sent', body });
      assert.equal(answer.status, 204, answer.text);
      assert.deepEqual((await order('order-as-sent')).body, { status: 'succeeded', events: ['msg_as_sent'] });
    });

    test('an older event arriving late does not move a final state back', async () => {
      const link = await createLink(sandbox, { reference_id: 'order-late' });
      await simulate(link.id, 'failed');
      await answered(link.id);
      await sandbox.api('POST', `/payment-links/${link.id}/cancel`);
      const [canceled, failed] = await answered(link.id, 2);
      assert.deepEqual((await order('order-late')).body, {
        status: 'canceled',
        events: [failed.event_id, canceled.event_id],
      });
      // The failed event again from the sandbox (its own webhook-id), then as a new event sent late.
      await sandbox.api('POST', `/sandbox/events/${failed.event_id}/resend`);
      const again = await eventually(async () => {
        const delivery = (await deliveriesOf(link.id)).find((d) => d.id === failed.id);
        return delivery.attempt_count === 2 && delivery.status === 'delivered' ? delivery : undefined;
      }, 'the failed event delivered again');
      assert.equal(again.last_status, 204);
      const late = await send(
        {
          id: 'evt_late',
          type: 'payment_link.failed',
          timestamp: failed.created_at,
          data: { ...link, status: 'failed' },
        },
        { id: 'msg_late_failed' },
      );
      assert.equal(late.status, 204);
      assert.deepEqual((await order('order-late')).body, {
        status: 'canceled',
        events: [failed.event_id, canceled.event_id, 'msg_late_failed'],
      });
    });
  });
}

test('the Laravel and Django receivers, not run here (no Laravel, no Django on this machine), at least parse', async (t) => {
  const hasPhp = (() => {
    try {
      execFileSync('php', ['--version']);
      return true;
    } catch {
      return false;
    }
  })();
  if (hasPhp)
    execFileSync('php', ['-l', join(REPO_ROOT, 'docs/examples/receivers/laravel/WebhookController.php')]);
  else t.diagnostic('php is not installed: the Laravel controller was not even parsed');
  // ast.parse rather than py_compile: nothing written beside the example.
  execFileSync('python3', [
    '-c',
    'import ast, sys; ast.parse(open(sys.argv[1]).read())',
    join(REPO_ROOT, 'docs/examples/receivers/django/views.py'),
  ]);
  const doc = await readFile(join(REPO_ROOT, DOC), 'utf8');
  for (const file of ['laravel/WebhookController.php', 'django/views.py']) {
    const source = await readFile(join(REPO_ROOT, 'docs/examples/receivers', file), 'utf8');
    assert.match(source.slice(0, 600), /not run here/i, `${file} does not say it is not run here`);
  }
  assert.match(doc, /Laravel[^\n]*not run here/);
  assert.match(doc, /Django[^\n]*not run here/);
});

test(`${DOC} shows each excerpt as it stands in the file it names just before it`, async () => {
  const doc = await readFile(join(REPO_ROOT, DOC), 'utf8');
  const excerpts = [...doc.matchAll(/^```(js|ts|php|python)\n([\s\S]*?)^```$/gm)];
  assert.ok(excerpts.length >= 6, 'the doc shows fewer excerpts than expected');
  // Lines compared without their indent: prettier dedents an excerpt it can parse.
  const lines = (text: string) => text.split('\n').map((line) => line.trim());
  for (const excerpt of excerpts) {
    const before = doc.slice(0, excerpt.index);
    const file = [...before.matchAll(/\]\((examples\/receivers\/[^)]+)\)/g)].at(-1)?.[1];
    assert.ok(file, `no file named before the excerpt ${excerpt[2]}`);
    const source = lines(await readFile(join(REPO_ROOT, 'docs', file), 'utf8')).join('\n');
    const shown = lines((excerpt[2] as string).trimEnd()).join('\n');
    assert.ok(source.includes(shown), `${file} does not hold the excerpt\n${shown}`);
  }
});
