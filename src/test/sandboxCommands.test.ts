// The commands against a running sandbox (docs/cli.md): listen, trigger, events resend, logs
// tail, status, and the top-level --help and --version. Each is the real CLI in a child process,
// finding a real sandbox through PLS_BASE_URL; webhooks go to a real receiver.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { type CliProcess, closedPort, killLeftoverClis, spawnCli } from './cliProcess';
import { createLink, fileSandbox } from './harness';
import { assertLogEntry } from './logEntryCheck';
import { fileReceiver } from './receiverSandbox';

const packageVersion: string = JSON.parse(
  await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
).version;

const sandbox = fileSandbox();
const receiver = fileReceiver();
after(killLeftoverClis);

/** The CLI against the test's sandbox, as a user who set PLS_BASE_URL would run it. */
const cli = (args: string[], env: NodeJS.ProcessEnv = {}): CliProcess =>
  spawnCli(args, { PLS_BASE_URL: sandbox.origin, PLS_API_KEY: undefined, ...env });

async function finished(args: string[], env: NodeJS.ProcessEnv = {}) {
  const process = cli(args, env);
  const { code } = await process.waitForExit();
  return { code, stdout: process.stdout, stderr: process.stderr, lines: process.stdoutLines() };
}

const endpoints = async () =>
  (await sandbox.api('GET', '/sandbox/endpoints')).body.data as { id: string; url: string; secret: string }[];

describe('listen --forward-to', () => {
  test('prints the secret first, forwards a signed delivery, one line per attempt, and removes its endpoint on SIGTERM', async () => {
    const listen = cli(['listen', '--forward-to', receiver.url]);
    const secret = await listen.waitFor(
      () => /^Ready! Your webhook signing secret is (whsec_\S+) /.exec(listen.stdoutLines()[0] ?? '')?.[1],
      'the Ready line with the secret',
    );
    const printed = await finished(['listen', '--forward-to', receiver.url, '--print-secret']);
    assert.equal(printed.code, 0);
    assert.equal(printed.stdout, `${secret}\n`, 'the same secret for the same URL and key');
    const [endpoint] = (await endpoints()).filter((e) => e.url === receiver.url);
    assert.equal(endpoint?.secret, secret);

    const trigger = await finished(['trigger', 'paid']);
    assert.equal(trigger.code, 0, trigger.stderr);
    const linkId = /^Created link (\S+) /.exec(trigger.lines[0] ?? '')?.[1];
    const [request] = await receiver.waitForRequests(
      1,
      'the paid webhook',
      (r) => r.json?.data?.id === linkId,
    );
    assert.doesNotThrow(() => new Webhook(secret).verify(request!.body, request!.headers));
    const line = await listen.waitFor(
      () => listen.stdoutLines().find((l) => l.includes('webhook payment_link.paid')),
      'the attempt line',
    );
    assert.match(
      line,
      new RegExp(`webhook payment_link\\.paid evt_\\w+ → ${receiver.url} 200 [\\d.]+ms \\(attempt 1\\)$`),
    );

    listen.signal('SIGTERM');
    assert.deepEqual(await listen.waitForExit(), { code: 0, signal: null });
    assert.match(listen.stdout, new RegExp(`Removed endpoint ${endpoint!.id}\\.`));
    assert.deepEqual(
      (await endpoints()).filter((e) => e.url === receiver.url),
      [],
    );
  });

  test('--events narrows the endpoint; bad usage exits 2 and an unreachable sandbox 1, each in one line', async () => {
    const listen = cli(['listen', '--forward-to', receiver.url, '--events', 'paid,canceled']);
    await listen.waitFor(() => listen.stdoutLines()[0]?.startsWith('Ready!') || undefined, 'the Ready line');
    const [endpoint] = (await endpoints()).filter((e) => e.url === receiver.url);
    assert.deepEqual((endpoint as unknown as { event_types: string[] }).event_types, [
      'payment_link.paid',
      'payment_link.canceled',
    ]);
    listen.signal('SIGINT');
    assert.equal((await listen.waitForExit()).code, 0);

    const badEvent = await finished(['listen', '--forward-to', receiver.url, '--events', 'refunded']);
    assert.equal(badEvent.code, 2);
    assert.match(badEvent.stderr, /^payment-links-sandbox listen: --events: "refunded" is not an event type/);
    const noUrl = await finished(['listen']);
    assert.equal(noUrl.code, 2);
    assert.match(noUrl.stderr, /--forward-to URL/);
    const port = await closedPort();
    const away = await finished(['listen', '--forward-to', receiver.url], {
      PLS_BASE_URL: `http://127.0.0.1:${port}`,
    });
    assert.equal(away.code, 1);
    assert.equal(away.stderr.trim().split('\n').length, 1);
    assert.match(
      away.stderr,
      new RegExp(`cannot reach the sandbox at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\)`),
    );
  });
});

describe('listen as a Stripe CLI user types it', () => {
  test('--search prints only the attempts whose event carries it, as q= finds them; every event still goes', async () => {
    const url = `http://127.0.0.1:${receiver.port}/searched`;
    const listen = cli(['listen', '--forward-to', url, '--search', 'data.reference_id = INV-LISTEN-2']);
    await listen.waitFor(() => /^Ready! /m.test(listen.stdout) || undefined, 'the Ready line');
    const events: string[] = [];
    for (const reference of ['INV-LISTEN-1', 'INV-LISTEN-2']) {
      const trigger = await finished([
        'trigger',
        'paid',
        '--override',
        `reference_id=${reference}`,
        '--json',
      ]);
      assert.equal(trigger.code, 0, trigger.stderr);
      events.push(JSON.parse(trigger.stdout).event.id);
    }
    await receiver.waitForRequests(2, 'both webhooks forwarded', (r) =>
      events.includes(r.headers['webhook-id'] as string),
    );
    const line = await listen.waitFor(
      () => listen.stdoutLines().find((l) => l.includes(events[1] as string)),
      'the searched attempt printed',
    );
    assert.match(line, /webhook payment_link\.paid/);
    listen.signal('SIGINT');
    assert.deepEqual(await listen.waitForExit(), { code: 0, signal: null });
    assert.equal(
      listen.stdoutLines().filter((l) => l.includes(events[0] as string)).length,
      0,
      'the other attempt is not printed',
    );

    const bad = await finished(['listen', '--forward-to', url, '--search', 'data..id = 1']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--search: .*is not a path/);
  });

  test('--forward-to without a scheme is http://; --headers reach the app; --print-json prints each body sent, one a line', async () => {
    const url = `http://127.0.0.1:${receiver.port}/stripe-habits`;
    const bare = url.slice('http://'.length);
    const listen = cli([
      'listen',
      '--forward-to',
      bare,
      '--headers',
      'X-Team: payments',
      '--headers',
      'X-Trace: a, b, X-Env:ci',
      '--print-json',
    ]);
    const secret = await listen.waitFor(
      () => /^Ready! Your webhook signing secret is (whsec_\S+) /m.exec(listen.stderr)?.[1],
      'the Ready line, on stderr',
    );
    const printed = await finished(['listen', '--forward-to', url, '--print-secret']);
    assert.equal(printed.stdout, `${secret}\n`, 'the secret of the http:// URL');
    const [endpoint] = (await endpoints()).filter((e) => e.url === url);
    assert.deepEqual((endpoint as unknown as { headers: unknown }).headers, {
      'x-team': 'payments',
      'x-trace': 'a, b',
      'x-env': 'ci',
    });

    const trigger = await finished(['trigger', 'payment_link.paid', '--json']);
    assert.equal(trigger.code, 0, trigger.stderr);
    const { event } = JSON.parse(trigger.stdout);
    const [request] = await receiver.waitForRequests(
      1,
      'the paid webhook',
      (r) => r.headers['webhook-id'] === event.id,
    );
    assert.deepEqual(
      [request!.headers['x-team'], request!.headers['x-trace'], request!.headers['x-env']],
      ['payments', 'a, b', 'ci'],
    );
    assert.doesNotThrow(() => new Webhook(secret).verify(request!.body, request!.headers));
    const body = await listen.waitFor(() => listen.stdoutLines()[0], 'the body on stdout');
    assert.equal(body, request!.body, 'the body as sent, byte for byte');
    assert.deepEqual(JSON.parse(body), event);

    listen.signal('SIGINT');
    assert.deepEqual(await listen.waitForExit(), { code: 0, signal: null });
    assert.deepEqual(listen.stdoutLines(), [body], 'stdout holds nothing but bodies');
    assert.deepEqual(
      (await endpoints()).filter((e) => e.url === url),
      [],
    );
  });

  test('a header the sandbox sets, one without a value, one given twice, or a URL of another scheme is usage (2), and nothing is made', async () => {
    const before = (await endpoints()).length;
    const cases: [string[], string][] = [
      [
        ['--headers', 'Content-Type: text/plain'],
        '--headers: content-type is set by the sandbox on every delivery; an endpoint may add any header but webhook-id, webhook-timestamp, webhook-signature, content-type, content-length, user-agent, host, connection, keep-alive, transfer-encoding, te, trailer, upgrade, expect',
      ],
      [
        ['--headers', 'X-Team'],
        '--headers "X-Team": give "Name: value", several comma-separated or the flag repeated',
      ],
      [
        ['--headers', 'X-Team: a', '--headers', 'x-team: b'],
        '--headers: "X-Team" and "x-team" are one header (names are compared without case); give it once',
      ],
      [
        ['--headers', 'X-Bad Name: a'],
        `--headers: "X-Bad Name" is not a header name: give 1 to 100 letters, digits or !#$%&'*+.^_\`|~-`,
      ],
    ];
    for (const [args, said] of cases) {
      const run = await finished(['listen', '--forward-to', receiver.url, ...args]);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.equal(run.stderr.split('\n')[0], `payment-links-sandbox listen: ${said}`);
    }
    const ftp = await finished(['listen', '--forward-to', 'ftp://127.0.0.1/x']);
    assert.equal(ftp.code, 2);
    assert.match(
      ftp.stderr,
      /--forward-to must be an http:\/\/ or https:\/\/ URL, or host:port\/path for http:\/\/; got "ftp:\/\/127\.0\.0\.1\/x"/,
    );
    assert.equal((await endpoints()).length, before);
  });
});

describe('trigger', () => {
  for (const [outcome, status] of [
    ['paid', 'succeeded'],
    ['failed', 'failed'],
    ['expired', 'expired'],
    ['canceled', 'canceled'],
  ]) {
    test(`trigger ${outcome} makes a pending link and drives it to ${status}`, async () => {
      const run = await finished(['trigger', outcome!]);
      assert.equal(run.code, 0, run.stderr);
      const id = /^Created link (\S+) \(pending\)$/.exec(run.lines[0] ?? '')?.[1];
      assert.ok(id, run.stdout);
      assert.equal(run.lines[1], `Link ${id}: ${status} (webhook payment_link.${outcome})`);
      assert.equal((await sandbox.api('GET', `/payment-links/${id}`)).body.data.status, status);
    });
  }

  test('--link drives the named link; a link already paid is the sandbox’s refusal (1), a bad outcome usage (2)', async () => {
    const link = await createLink(sandbox);
    const named = await finished(['trigger', 'paid', '--link', link.id]);
    assert.equal(named.code, 0, named.stderr);
    assert.deepEqual(named.lines, [`Link ${link.id}: succeeded (webhook payment_link.paid)`]);
    const again = await finished(['trigger', 'expired', '--link', link.id]);
    assert.equal(again.code, 1);
    assert.match(
      again.stderr,
      /^payment-links-sandbox trigger: the sandbox answered 409 invalid_state_transition: /,
    );
    const refunded = await finished(['trigger', 'refunded']);
    assert.equal(refunded.code, 2);
    assert.match(
      refunded.stderr,
      /give one event: paid, failed, expired or canceled \(or the full type, payment_link\.paid…\); got "refunded"/,
    );
  });

  test('an event is named either way, as listen --events takes it: trigger payment_link.paid', async () => {
    for (const [name, status] of [
      ['payment_link.paid', 'succeeded'],
      ['payment_link.canceled', 'canceled'],
    ]) {
      const run = await finished(['trigger', name!]);
      assert.equal(run.code, 0, run.stderr);
      const id = /^Created link (\S+) \(pending\)$/.exec(run.lines[0] ?? '')?.[1];
      assert.equal(run.lines[1], `Link ${id}: ${status} (webhook ${name})`);
    }
  });

  test('--override sets the fields of the link it creates; --json prints that link and the event it sent, one document', async () => {
    const expiresAt = new Date(Date.now() + 3600_000).toISOString();
    const run = await finished([
      'trigger',
      'paid',
      '--override',
      'amount=2500',
      '--override',
      'title=Order 7',
      '--override',
      'reference_id=order-7',
      '--override',
      `expires_at=${expiresAt}`,
      '--json',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const { link, event, ...rest } = JSON.parse(run.stdout);
    assert.deepEqual(rest, {});
    assert.deepEqual(
      [link.amount, link.title, link.reference_id, link.expires_at, link.status],
      [2500, 'Order 7', 'order-7', expiresAt, 'succeeded'],
    );
    assert.deepEqual(link, (await sandbox.api('GET', `/payment-links/${link.id}`)).body.data);
    assert.equal(event.type, 'payment_link.paid');
    assert.match(event.id, /^evt_/);
    assert.deepEqual(event.data, link, 'the event carries the link as it was paid');
    const [recorded] = (await sandbox.api('GET', `/sandbox/events?link=${link.id}`)).body.data;
    assert.deepEqual(event, recorded);

    const canceled = await finished([
      'trigger',
      'canceled',
      '--link',
      (await createLink(sandbox)).id,
      '--json',
    ]);
    assert.equal(canceled.code, 0, canceled.stderr);
    assert.equal(JSON.parse(canceled.stdout).event.type, 'payment_link.canceled');
  });

  test('a bad --override is usage (2), naming what is allowed, and nothing is made', async () => {
    const before = (await sandbox.api('GET', '/payment-links?per_page=1')).body.pagination.total;
    const allowed = 'give KEY=VALUE, with KEY one of amount, title, reference_id, expires_at';
    const cases: [string[], string][] = [
      [['--override', 'currency=USD'], `--override "currency=USD": ${allowed}`],
      [['--override', 'amount'], `--override "amount": ${allowed}`],
      [
        ['--override', 'amount=abc'],
        '--override amount=abc: Invalid amount: "abc" (a string); amount must be an integer from 1 to 100000000000 (minor units).',
      ],
      [
        ['--override', 'amount=12.5'],
        '--override amount=12.5: Invalid amount: 12.5 (a number); amount must be an integer from 1 to 100000000000 (minor units).',
      ],
      [
        ['--override', 'title='],
        '--override title=: Invalid title: "" (a string); title must be a string of 1 to 255 characters.',
      ],
      [
        ['--override', 'expires_at=tomorrow'],
        '--override expires_at=tomorrow: Invalid expires_at: "tomorrow" (a string); expires_at must be an RFC 3339 date-time with a zone, at least 60 seconds and at most 90 days from now.',
      ],
      [
        ['--override', 'amount=1', '--override', 'amount=2'],
        '--override amount is given twice ("amount=1", "amount=2"); give it once',
      ],
      [
        ['--override', 'amount=1', '--link', 'x'],
        '--override sets fields of the link trigger creates; --link names one that exists already: give one or the other',
      ],
    ];
    for (const [args, said] of cases) {
      const run = await finished(['trigger', 'paid', ...args]);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.equal(run.stderr.split('\n')[0], `payment-links-sandbox trigger: ${said}`);
    }
    assert.equal((await sandbox.api('GET', '/payment-links?per_page=1')).body.pagination.total, before);
  });
});

describe('events resend', () => {
  test('an evt_ id resends every delivery of the event, a dlv_ id one delivery, with the same webhook-id', async () => {
    const added = await sandbox.api('POST', '/sandbox/endpoints', { body: { url: receiver.url } });
    const link = await createLink(sandbox);
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    const listed = await sandbox.api('GET', `/sandbox/deliveries?link=${link.id}&status=delivered&wait=30`);
    const delivery = listed.body.data[0];
    const byEvent = await finished(['events', 'resend', delivery.event_id]);
    assert.equal(byEvent.code, 0, byEvent.stderr);
    assert.deepEqual(byEvent.lines, [
      `Resent ${delivery.id} (payment_link.paid ${delivery.event_id}) → ${receiver.url}: queued`,
    ]);
    await receiver.waitForRequests(
      2,
      'the event resent',
      (r) => r.headers['webhook-id'] === delivery.event_id,
    );
    await sandbox.api('GET', `/sandbox/deliveries?link=${link.id}&status=delivered&wait=30`);
    const one = await finished(['events', 'resend', delivery.id]);
    assert.equal(one.code, 0, one.stderr);
    await receiver.waitForRequests(
      3,
      'the delivery resent',
      (r) => r.headers['webhook-id'] === delivery.event_id,
    );

    const neither = await finished(['events', 'resend', 'order-1001']);
    assert.equal(neither.code, 2);
    assert.match(neither.stderr, /"order-1001" is neither an event id \(evt_…\) nor a delivery id \(dlv_…\)/);
    const unknown = await finished(['events', 'resend', 'evt_00000000000000000000000000000000']);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /404 resource_not_found: No webhook event with id evt_0+\./);
    await sandbox.api('DELETE', `/sandbox/endpoints/${added.body.data.id}`);
  });
});

describe('logs tail', () => {
  test('--json prints one entry per line, API requests and webhook attempts alike, until SIGTERM', async () => {
    const added = await sandbox.api('POST', '/sandbox/endpoints', { body: { url: receiver.url } });
    const tail = cli(['logs', 'tail', '--json']);
    await tail.waitFor(() => tail.stderr.includes('Following the log of') || undefined, 'the tail to start');
    const link = await createLink(sandbox);
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });
    const entries = await tail.waitFor(() => {
      const parsed = tail.stdoutLines().map((line) => JSON.parse(line) as { type: string; link_id?: string });
      return parsed.some((e) => e.type === 'webhook_attempt' && e.link_id === link.id) ? parsed : undefined;
    }, 'the webhook attempt');
    for (const entry of entries) assertLogEntry(entry);
    assert.deepEqual(
      entries.filter((e) => e.link_id === link.id).map((e) => e.type),
      ['api_request', 'api_request', 'webhook_attempt'],
    );
    tail.signal('SIGTERM');
    assert.equal((await tail.waitForExit()).code, 0);
    await sandbox.api('DELETE', `/sandbox/endpoints/${added.body.data.id}`);
  });

  test('without --json each entry is a readable line', async () => {
    const tail = cli(['logs', 'tail']);
    await tail.waitFor(() => tail.stderr.includes('Following the log of') || undefined, 'the tail to start');
    const link = await createLink(sandbox);
    const line = await tail.waitFor(
      () => tail.stdoutLines().find((l) => l.includes('POST /payment-links 201')),
      'the create',
    );
    assert.match(line, /^\d{4}-\d\d-\d\dT[\d:.]+Z {2}POST \/payment-links 201 [\d.]+ms req_\w+$/);
    assert.ok(link.id);
    tail.signal('SIGINT');
    assert.equal((await tail.waitForExit()).code, 0);
  });
});

describe('logs tail --filter-…', () => {
  type Entry = { type: string; method?: string; path?: string; status: number | null; link_id?: string };
  const tail = async (args: string[]) => {
    const process = cli(['logs', 'tail', '--json', ...args]);
    await process.waitFor(
      () => process.stderr.includes('Following the log of') || undefined,
      'the tail to start',
    );
    return process;
  };
  /** What the tail printed, once `last` is among it: entries come in order, so nothing before it is still to come. */
  const printedUpTo = (process: CliProcess, last: (entry: Entry) => boolean) =>
    process.waitFor(() => {
      const entries = process.stdoutLines().map((line) => JSON.parse(line) as Entry);
      return entries.some(last) ? entries : undefined;
    }, 'the last entry');

  test('filters combine: a link and a status class keep its requests and its webhook attempts; method, path and status keep API requests alone', async () => {
    const added = await sandbox.api('POST', '/sandbox/endpoints', { body: { url: receiver.url } });
    const link = await createLink(sandbox);
    const byLink = await tail(['--filter-link', link.id, '--filter-status', '2XX']);
    const refusedPosts = await tail([
      '--filter-method',
      'post,PATCH',
      '--filter-path',
      '/payment-links',
      '--filter-status',
      '4xx',
    ]);

    await createLink(sandbox); // another link: neither tail
    await sandbox.api('GET', '/payment-links/00000000-0000-4000-8000-000000000000'); // 404, a GET
    await sandbox.api('POST', '/payment-links', { body: { amount: 'ten', title: 't' } }); // 400, a POST
    await sandbox.api('GET', `/payment-links/${link.id}`); // the link, 200
    await sandbox.api('POST', `/payment-links/${link.id}/cancel`, { body: { nope: 1 } }); // the link, 400
    await sandbox.api('POST', '/sandbox/simulate', { body: { payment_link_id: link.id, event: 'paid' } });

    const mine = await printedUpTo(byLink, (e) => e.type === 'webhook_attempt');
    assert.deepEqual(
      mine.map((e) => [e.type, e.method ?? null, e.path ?? null, e.status]),
      [
        ['api_request', 'GET', `/payment-links/${link.id}`, 200],
        ['api_request', 'POST', '/sandbox/simulate', 200],
        ['webhook_attempt', null, null, 200],
      ],
    );
    assert.ok(mine.every((e) => e.link_id === link.id));
    await sandbox.api('POST', `/payment-links/${link.id}/cancel`); // 409, the last one it keeps
    const refused = await printedUpTo(refusedPosts, (e) => e.status === 409);
    assert.deepEqual(
      refused.map((e) => [e.method, e.path, e.status]),
      [
        ['POST', '/payment-links', 400],
        ['POST', `/payment-links/${link.id}/cancel`, 400],
        ['POST', `/payment-links/${link.id}/cancel`, 409],
      ],
    );
    for (const process of [byLink, refusedPosts]) {
      process.signal('SIGINT');
      assert.equal((await process.waitForExit()).code, 0);
    }
    await sandbox.api('DELETE', `/sandbox/endpoints/${added.body.data.id}`);
  });

  test('a bad filter is usage (2), naming what it takes', async () => {
    const cases: [string[], string][] = [
      [
        ['--filter-status', '4X'],
        '--filter-status "4X": give a status from 100 to 599, such as 200, or a class, such as 4XX',
      ],
      [
        ['--filter-status', '200,600'],
        '--filter-status "600": give a status from 100 to 599, such as 200, or a class, such as 4XX',
      ],
      [
        ['--filter-method', 'FETCH'],
        '--filter-method "FETCH": give an HTTP method: GET, POST, PATCH, PUT, DELETE, HEAD, OPTIONS',
      ],
      [
        ['--filter-path', 'payment-links'],
        '--filter-path "payment-links": give a path starting with /, without a query, e.g. /payment-links or /sandbox/simulate',
      ],
      [['--filter-link', 'order-7'], `--filter-link "order-7": give a payment link's id (a UUID)`],
    ];
    for (const [args, said] of cases) {
      const run = await finished(['logs', 'tail', ...args]);
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.equal(run.stderr.split('\n')[0], `payment-links-sandbox logs: ${said}`);
    }
  });
});

describe('workspaces: each command follows its key', () => {
  test('trigger and status act on the workspace --api-key names; workspaces list and delete', async () => {
    const key = 'sk_test_ws_cli_worker';
    const made = await finished(['trigger', 'paid', '--api-key', key]);
    assert.equal(made.code, 0, made.stderr);
    const mine = await finished(['status', '--api-key', key]);
    assert.equal(mine.lines[1], 'Workspace: cli_worker');
    assert.equal(mine.lines[3], 'Payment links: 1', 'the link trigger made is there');
    const unmade = await finished(['status', '--api-key', 'sk_test_ws_nobody']);
    assert.equal(unmade.lines[1], 'Workspace: nobody (not made yet: the first write with this key makes it)');
    assert.equal(unmade.lines[3], 'Payment links: 0');

    const listed = await finished(['workspaces', 'list']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.match(listed.lines[0] ?? '', /^cli_worker +1 link {2}changed \S+Z$/, 'changed last, listed first');
    assert.ok(listed.lines.some((line) => line.startsWith('default ')));

    const deleted = await finished(['workspaces', 'delete', 'CLI_Worker']);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.match(deleted.stdout, /^Workspace cli_worker: Removed 1 link, 1 webhook event, /);
    assert.ok(!(await finished(['workspaces', 'list'])).lines.some((line) => line.startsWith('cli_worker')));

    const bad = await finished(['workspaces', 'delete', 'no-dashes']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /a workspace name is 1 to 64 letters, digits or _; got "no-dashes"/);
    const usage = await finished(['workspaces']);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /give "list", or "delete NAME"/);
  });
});

describe('status, --help, --version', () => {
  test('status says the sandbox is up, with its version, clock and counts', async () => {
    const run = await finished(['status']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.lines[0], `Sandbox at ${sandbox.origin}: up, version ${packageVersion} (API 1.0.0)`);
    assert.equal(run.lines[1], 'Workspace: default');
    assert.match(run.lines[2] ?? '', /^Clock: \S+Z \(running\)$/);
    assert.match(run.lines[3] ?? '', /^Payment links: \d+$/);
    assert.match(run.lines[4] ?? '', /^Webhook endpoints: \d+$/);
    assert.match(
      run.lines[5] ?? '',
      /^Deliveries: \d+ queued, \d+ paused, \d+ delivering, \d+ retrying, \d+ delivered, \d+ failed$/,
    );
  });

  test('status --json says the same as one JSON document', async () => {
    const lines = (await finished(['status'])).lines;
    const run = await finished(['status', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const status = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(status), [
      'base_url',
      'version',
      'api_version',
      'workspace',
      'clock',
      'payment_links',
      'webhook_endpoints',
      'deliveries',
    ]);
    assert.equal(
      lines[0],
      `Sandbox at ${status.base_url}: up, version ${status.version} (API ${status.api_version})`,
    );
    assert.deepEqual(status.workspace, { name: 'default', made: true });
    assert.equal(status.clock.frozen, false);
    assert.equal(lines[3], `Payment links: ${status.payment_links}`);
    assert.equal(lines[4], `Webhook endpoints: ${status.webhook_endpoints}`);
    assert.equal(
      lines[5],
      `Deliveries: ${Object.entries(status.deliveries)
        .map(([name, count]) => `${count} ${name}`)
        .join(', ')}`,
    );
  });

  test('status exits 1 in one line naming the URL when nothing answers there; a bad --base-url is usage (2)', async () => {
    const port = await closedPort();
    const away = await finished(['status', '--base-url', `http://127.0.0.1:${port}`]);
    assert.equal(away.code, 1);
    assert.equal(away.stdout, '');
    assert.equal(away.stderr.trim().split('\n').length, 1);
    assert.match(
      away.stderr,
      new RegExp(
        `^payment-links-sandbox status: cannot reach the sandbox at http://127\\.0\\.0\\.1:${port} `,
      ),
    );
    const bad = await finished(['status', '--base-url', 'localhost:4545']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--base-url must be an http:\/\/ or https:\/\/ URL; got "localhost:4545"/);
  });

  test('--help lists every command, --version prints the package version, an unknown command exits 2', async () => {
    const help = await finished(['--help']);
    assert.equal(help.code, 0);
    for (const name of [
      'serve',
      'start',
      'run',
      'compare',
      'listen',
      'trigger',
      'events resend',
      'logs tail',
      'status',
      'reset',
      'config validate',
      'mcp',
    ])
      assert.match(help.stdout, new RegExp(`^  ${name}\\b`, 'm'), name);
    assert.equal((await finished(['help'])).stdout, help.stdout);
    const version = await finished(['--version']);
    assert.deepEqual([version.code, version.stdout], [0, `${packageVersion}\n`]);
    const unknown = await finished(['tail']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown command "tail"; "payment-links-sandbox --help" lists them/);
  });
});
