import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonDocumentError } from './jsonDocumentReader';
import { readJsonDocument } from './jsonDocumentReader';

async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function read(text: string, size: number) {
  const records: Record<string, unknown[]> = {};
  const head = await readJsonDocument(chunked(text, size), {
    streamed: new Set(['links', 'events']),
    onRecord: (list, index, value) => {
      records[list] ??= [];
      assert.equal(records[list].length, index);
      records[list].push(value);
    },
  });
  return { head, records };
}

const doc = {
  schema_version: 1,
  settings: { fees: { p: 2.9 }, keys: ['a', 'b'] },
  links: [
    { id: 'a', title: 'quote " and \\ backslash \\" ] } , [ {', note: null, n: -1.5e3 },
    { id: 'b', title: 'unicode ✓ é 😀', attempts: [{ body: '{"x":[1,2]}' }, []] },
    null,
    7,
    'text, with ] brackets',
  ],
  empty: [],
  events: [],
  tail: true,
};

const sandboxLayout = (() => {
  const { links, events, ...head } = doc;
  return (
    JSON.stringify(head).slice(0, -1) +
    `,\n"links":[` +
    links.map((l) => '\n' + JSON.stringify(l)).join(',') +
    '\n]' +
    `,\n"events":[` +
    events.map((e) => '\n' + JSON.stringify(e)).join(',') +
    '\n]}\n'
  );
})();

for (const [name, text] of [
  ['one line', JSON.stringify(doc)],
  ['pretty-printed', JSON.stringify(doc, null, 2)],
  ['one record per line', sandboxLayout],
] as const) {
  for (const size of [1, 3, 64, 1 << 16]) {
    test(`reads ${name} in chunks of ${size} bytes: records streamed, the rest in the head`, async () => {
      const { head, records } = await read(text, size);
      assert.deepEqual(records.links, doc.links);
      assert.equal(records.events, undefined);
      assert.deepEqual(head, { ...doc, links: [], events: [] });
    });
  }
}

test('a broken record is named by its place and offset', async () => {
  const text = '{"links":[\n{"id":"a"},\n{"id": nope},\n{"id":"c"}\n]}';
  for (const size of [5, 1000]) {
    await assert.rejects(read(text, size), (err: JsonDocumentError) => {
      assert.equal(err.place, 'links[1]');
      assert.match(err.message, /links\[1\] is not valid JSON/);
      assert.equal(err.offset, text.indexOf('{"id": nope'));
      return true;
    });
  }
});

test('truncated documents and trailing data are refused', async () => {
  await assert.rejects(read('{"links":[{"id":"a"},', 4), /ends/);
  await assert.rejects(read('{"links":[{"id":"a"}', 4), /ends too early/);
  for (const cut of ['{"links":[{"id":"a"},{"id":"b', '{"links":[{"id":"a"},{"id":"b"']) {
    await assert.rejects(read(cut, 4), (err: JsonDocumentError) => {
      assert.equal(err.message, 'the document ends inside links[1]');
      assert.equal(err.place, 'links[1]');
      return true;
    });
  }
  await assert.rejects(read('{"a":1}{"b":2}', 4), /unexpected data after the document/);
  await assert.rejects(read('[1,2]', 4), /must be a JSON object/);
  await assert.rejects(read('', 4), /ends too early/);
});

test('a value many chunks long, then records: each read whole', async () => {
  const long = 'é'.repeat(1_500_000);
  const text = JSON.stringify({ settings: { long }, links: [{ id: 'a' }, { id: 'b', long }, { id: 'c' }] });
  const { head, records } = await read(text, 64 * 1024);
  assert.equal((head.settings as { long: string }).long, long);
  assert.deepEqual(records.links, [{ id: 'a' }, { id: 'b', long }, { id: 'c' }]);
});
