// A client generated from /openapi.json by tools no one here wrote (openapi-typescript and
// openapi-fetch), type-checked with the repo's tsc, then driven against a real sandbox.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { KEY, startTestSandbox, type TestSandbox, makeTempDir } from './harness';

/** What a developer writes with the generated types; tsc must accept it as it stands. */
const PROGRAM = `import createClient from 'openapi-fetch';
import type { components, paths, webhooks } from './schema.js';

type PaymentLink = components['schemas']['PaymentLink'];
type Cancel409 = paths['/payment-links/{id}/cancel']['post']['responses'][409]['content']['application/json'];
type PaidEvent = components['schemas']['PaymentLinkPaidEvent'];

// Compile-time facts: amount is a number, a 409's code is one of its two codes, events are typed.
const amountIsNumber: PaymentLink['amount'] extends number ? true : false = true;
const notCancelable: Cancel409['error']['code'] = 'payment_link_not_cancelable';
// @ts-expect-error resource_not_found is a 404, never a cancel's 409
const wrongCode: Cancel409['error']['code'] = 'resource_not_found';
const paidType: PaidEvent['type'] = 'payment_link.paid';
// Every error a cancel can answer (faults' 429 and 503 included) has a code enum, so their union is one too.
type CancelAnswers = paths['/payment-links/{id}/cancel']['post']['responses'];
type CancelCode = {
  [S in keyof CancelAnswers]: CancelAnswers[S] extends { content: { 'application/json': { error: { code: infer C } } } } ? C : never;
}[keyof CancelAnswers];
const cancelCodesTyped: string extends CancelCode ? false : true = true;
type PaidWebhookBody = NonNullable<webhooks['payment_link.paid']['post']['requestBody']>['content']['application/json'];
const eventAmount = (event: PaidWebhookBody): number => event.data.amount;
void [amountIsNumber, notCancelable, wrongCode, paidType, cancelCodesTyped, eventAmount];

export async function run(baseUrl: string, key: string) {
  const client = createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${key}\` } });
  const created = await client.POST('/payment-links', {
    body: { amount: 150000, title: 'Order #1042', note: null },
    headers: { 'Idempotency-Key': 'generated-client-create' },
  });
  if (!created.data) throw new Error(\`create failed: \${created.response.status}\`);
  const link: PaymentLink = created.data.data;
  const retrieved = await client.GET('/payment-links/{id}', { params: { path: { id: link.id } } });
  const listed = await client.GET('/payment-links', { params: { query: { status: 'pending', per_page: 10 } } });
  const simulated = await client.POST('/sandbox/simulate', {
    body: { payment_link_id: link.id, event: 'paid', payment_method: 'card' },
  });
  const canceled = await client.POST('/payment-links/{id}/cancel', { params: { path: { id: link.id } } });
  let cancelCode: CancelCode | undefined;
  if (canceled.response.status === 409 && canceled.error) {
    cancelCode = canceled.error.error.code;
  }
  return {
    created: { status: created.response.status, amount: link.amount, note: link.note },
    retrieved: retrieved.data?.data.id,
    listed: listed.data?.data.map((l) => l.id) ?? [],
    total: listed.data?.pagination.total,
    simulated: simulated.data?.data.status,
    canceled: { status: canceled.response.status, code: cancelCode, data: canceled.data },
  };
}
`;

/**
 * Type-level facts over every operation of the generated client: no answer (nor its `data`) is
 * `unknown`, and no error answer's code is any string. tsc names the operations that break them.
 */
const TYPING_FACTS = `import type { operations } from './schema.js';

type Json<R> = { [S in keyof R]: R[S] extends { content: { 'application/json': infer B } } ? B : never };
type Answers<Op extends keyof operations> = Json<operations[Op]['responses']>;
// Each is \`true\` when the body breaks the fact, never otherwise (a status without JSON is never too).
type UnknownBody<B> = unknown extends B ? true : B extends { data: infer D } ? (unknown extends D ? true : never) : never;
type WideCode<B> = B extends { error: { code: infer C } } ? (string extends C ? true : never) : never;
type Breaking<Fact> = {
  [Op in keyof operations]: {
    [S in keyof Answers<Op>]: [Fact extends 'unknown' ? UnknownBody<Answers<Op>[S]> : WideCode<Answers<Op>[S]>] extends [never]
      ? never
      : \`\${Op} \${S & (string | number)}\`;
  }[keyof Answers<Op>];
}[keyof operations];

type None<T extends never> = T;
export type Facts = [None<Breaking<'unknown'>>, None<Breaking<'code'>>];
`;

let sandbox: TestSandbox;
let dir: string;

before(async () => {
  sandbox = await startTestSandbox({ inMemory: true });
  dir = await makeTempDir('pls-client-');
});
after(async () => {
  await sandbox.stop();
  await rm(dir, { recursive: true, force: true });
});

async function generateClient(): Promise<string> {
  const document = (await (await fetch(`${sandbox.origin}/openapi.json`)).json()) as OpenAPI3;
  return astToString(await openapiTS(document));
}

function tscIn(cwd: string, file: string) {
  return spawnSync(
    process.execPath,
    [
      resolve('node_modules/typescript/bin/tsc'),
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--skipLibCheck',
      file,
    ],
    { cwd, encoding: 'utf8' },
  );
}

test('a client generated from /openapi.json types every answer, console ones included, and every error code', async () => {
  const facts = join(dir, 'facts');
  await mkdir(facts);
  await writeFile(join(facts, 'schema.ts'), await generateClient());
  await writeFile(join(facts, 'facts.ts'), TYPING_FACTS);
  await writeFile(join(facts, 'package.json'), JSON.stringify({ type: 'module' }));
  const tsc = tscIn(facts, 'facts.ts');
  assert.equal(tsc.status, 0, `untyped answers or string error codes:\n${tsc.stdout}${tsc.stderr}`);
});

test('a client generated from /openapi.json type-checks and runs create → retrieve → list → simulate → cancel', async () => {
  const schema = await generateClient();
  assert.match(schema, /PaymentLink: \{/);
  assert.match(schema, /operations\b/);
  await writeFile(join(dir, 'schema.ts'), schema);
  await writeFile(join(dir, 'program.ts'), PROGRAM);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  await symlink(resolve('node_modules'), join(dir, 'node_modules'), 'dir');

  const tsc = tscIn(dir, 'program.ts');
  assert.equal(tsc.status, 0, `tsc refused the generated client:\n${tsc.stdout}${tsc.stderr}`);

  const program = (await import(pathToFileURL(join(dir, 'program.ts')).href)) as {
    run(baseUrl: string, key: string): Promise<any>;
  };
  const result = await program.run(sandbox.origin, KEY);
  assert.deepEqual(result.created, { status: 201, amount: 150000, note: null });
  assert.ok(result.retrieved);
  assert.ok(result.listed.includes(result.retrieved));
  assert.equal(result.total, 1);
  assert.equal(result.simulated, 'succeeded');
  assert.deepEqual(result.canceled, { status: 409, code: 'payment_link_not_cancelable', data: undefined });
});
