// At most ENDPOINT_CHECKS_RUNNING_LIMIT endpoint checks run at once, server-wide (issue 28): one more
// is refused with 429 rate_limited and Retry-After, through the keyed API, the console, the test
// API's checkEndpoint and `check-endpoint --base-url` alike; once they have finished, a new one starts. A real sandbox, a
// real receiver that holds every request until told to answer, the real CLI.
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { checkEndpoint } from '../core/testing/checkEndpoint';
import { ENDPOINT_CHECKS_RUNNING_LIMIT } from '../shared/endpointCheck';
import { killLeftoverClis, spawnCli } from './cliProcess';
import { eventually, startTestSandbox, type TestSandbox, TEST_SECRET as SECRET } from './harness';

/** A receiver that answers nothing until `release`, then 204 to everything (held requests too). */
async function slowReceiver() {
  const held: ServerResponse[] = [];
  let released = false;
  const server = createServer((request, response) => {
    request.resume();
    if (released) response.writeHead(204).end();
    else held.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    held: () => held.length,
    release() {
      released = true;
      for (const response of held.splice(0)) response.writeHead(204).end();
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let sandbox: TestSandbox;
let receiver: Awaited<ReturnType<typeof slowReceiver>>;
before(async () => {
  sandbox = await startTestSandbox({ inMemory: true, deliveryTimeoutMs: 60_000 });
  receiver = await slowReceiver();
});
after(async () => {
  await killLeftoverClis();
  await receiver.close();
  await sandbox.stop();
});

const start = () =>
  sandbox.api('POST', '/sandbox/endpoint-checks', { body: { url: receiver.url, secret: SECRET } });

test(`a check started while ${ENDPOINT_CHECKS_RUNNING_LIMIT} run is refused with 429 and Retry-After; once they finish, one starts`, async () => {
  const endpoint = await sandbox.api('POST', '/sandbox/endpoints', { body: { url: receiver.url } });
  assert.equal(endpoint.status, 201);
  // The console's check of a registered endpoint counts with the API's.
  const consoleCheck = await sandbox.consoleApi('POST', `/endpoints/${endpoint.body.data.id}/checks`, {});
  assert.equal(consoleCheck.status, 202);
  const running = [consoleCheck.body.data.id as string];
  for (let i = 1; i < ENDPOINT_CHECKS_RUNNING_LIMIT; i++) {
    const started = await start();
    assert.equal(started.status, 202, `check ${i + 1}: ${started.text}`);
    running.push(started.body.data.id);
  }
  await eventually(
    async () => (receiver.held() === ENDPOINT_CHECKS_RUNNING_LIMIT ? true : undefined),
    `each of the ${ENDPOINT_CHECKS_RUNNING_LIMIT} checks to be waiting on the receiver`,
    500,
  );

  const refused = await start();
  assert.equal(refused.status, 429, refused.text.slice(0, 300));
  assert.equal(refused.headers.get('retry-after'), '60', 'the delivery timeout, in seconds');
  assert.equal(refused.body.error.type, 'rate_limit_error');
  assert.equal(refused.body.error.code, 'rate_limited');
  assert.equal(
    refused.body.error.message,
    `${ENDPOINT_CHECKS_RUNNING_LIMIT} endpoint checks are running already, the most the sandbox runs at once across its workspaces; start this one once one of them has finished (retry after 60 s, as Retry-After says).`,
  );
  const fromConsole = await sandbox.consoleApi('POST', `/endpoints/${endpoint.body.data.id}/checks`, {});
  assert.equal(fromConsole.status, 429);
  assert.equal(fromConsole.headers.get('retry-after'), '60');
  assert.equal(fromConsole.body.error.code, 'rate_limited');

  // The test API's sandbox.checkEndpoint (docs/testing-your-app.md) says it, through the same route.
  const request = async <T>(method: string, path: string, body?: unknown) => {
    const answer = await sandbox.api<T>(method, path, { body });
    return { status: answer.status, body: answer.body };
  };
  await assert.rejects(
    checkEndpoint(request, { url: receiver.url, secret: SECRET }, {}, new AbortController().signal),
    new RegExp(`^Error: checkEndpoint: ${ENDPOINT_CHECKS_RUNNING_LIMIT} endpoint checks are running already`),
  );

  const cli = spawnCli(['check-endpoint', receiver.url, '--secret', SECRET, '--base-url', sandbox.origin]);
  const { code } = await cli.waitForExit();
  assert.equal(code, 1, cli.transcript());
  assert.match(cli.stderr, /429.*20 endpoint checks are running already, the most the sandbox runs at once/);

  receiver.release();
  await eventually(
    async () => {
      const states = await Promise.all(
        running.map(
          async (id) => (await sandbox.api('GET', `/sandbox/endpoint-checks/${id}`)).body.data.status,
        ),
      );
      return states.every((status) => status === 'done') ? true : undefined;
    },
    'every running check to finish once the receiver answers',
    1000,
  );
  const again = await start();
  assert.equal(again.status, 202, again.text);
});
