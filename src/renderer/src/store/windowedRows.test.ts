// The long tables' shared machinery under Node: blocks read into their places, only the rows near
// the view kept, live changes that arrive during a read applied again on top of it, a list that
// grows at its top placed by its count, and how far the rows in view moved when the rows changed.
// The list read is a plain array the test changes and answers from when it chooses.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import { insertAt, removeAt, rowsMoved, type LoadedRows, type RowMap } from '../lib/rowWindow';
import { createWindowedRows } from './windowedRows';

interface Row {
  id: string;
}

const BLOCK = 100;

/** `count` ids, newest first: `${prefix}${count - 1}` … `${prefix}0`. */
const idsOf = (count: number, prefix = 'r') =>
  Array.from({ length: count }, (_, i) => `${prefix}${count - 1 - i}`);

/**
 * A table over a list (newest first) that grows at its top when `growsAtTop`: live ids go on top,
 * as requests do. With `held`, each read waits for `answer()`, with the list as it was when asked.
 */
function table(options: { count: number; keepRows?: number; growsAtTop?: boolean; held?: boolean }) {
  const server = { ids: idsOf(options.count) };
  let list: LoadedRows<Row> = { rows: new Map(), byId: {}, total: 0 };
  let shown = { first: 0, last: 0 };
  const reads: number[] = [];
  const waiting: (() => void)[] = [];

  const addOnTop = (ids: string[]) => {
    let { rows, total } = list;
    const byId = { ...list.byId };
    for (const id of ids) {
      if (byId[id]) continue;
      rows = insertAt(rows, 0, id);
      byId[id] = { id };
      total += 1;
    }
    list = { rows, byId, total };
  };

  const windowed = createWindowedRows<Row, string>({
    blockSize: BLOCK,
    keepRows: options.keepRows ?? 2_000,
    margin: 30,
    read(block) {
      reads.push(block);
      const page = {
        data: server.ids.slice(block * BLOCK, (block + 1) * BLOCK).map((id) => ({ id })),
        total: server.ids.length,
      };
      if (!options.held) return Promise.resolve(page);
      return new Promise((resolve) => waiting.push(() => resolve(page)));
    },
    current: () => list,
    shown: () => shown,
    commit(update) {
      list = update;
    },
    replay: addOnTop,
    growsAtTop: options.growsAtTop,
    failed: (error) => assert.fail(String(error)),
  });

  return {
    windowed,
    server,
    reads,
    get list() {
      return list;
    },
    show(first: number, last: number) {
      shown = { first, last };
    },
    /** Answers the oldest read still waiting, and lets its placing run. */
    async answer() {
      waiting.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    },
    /** Requests logged: the server has them at once, the console once the stream brings them. */
    arrive(ids: string[]) {
      server.ids = [...[...ids].reverse(), ...server.ids];
      windowed.record(ids);
      addOnTop(ids);
    },
  };
}

/** The block loader's and the refresh's waits, run by hand. */
const handTimers = (t: TestContext) => t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });

/** Lets reads started by a timer answer and be placed. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('blocks of rows, read into their places', () => {
  test('a load reads the first block; the count is the server’s', async () => {
    const t = table({ count: 250 });
    await t.windowed.load();
    assert.equal(t.list.total, 250);
    assert.equal(t.list.rows.size, BLOCK);
    assert.equal(t.list.rows.get(0), 'r249');
    assert.equal(t.list.rows.get(99), 'r150');
    assert.deepEqual(t.reads, [0]);
  });

  test('the rows in view are read once the view rests, with a margin, and a block read is not read again', async (ctx) => {
    handTimers(ctx);
    const t = table({ count: 1_000 });
    await t.windowed.load();
    t.show(250, 262);
    t.windowed.show(250, 262);
    assert.deepEqual(t.reads, [0], 'not while the view may still move');
    ctx.mock.timers.tick(80);
    await settle();
    assert.deepEqual(t.reads, [0, 2]);
    assert.equal(t.list.rows.get(250), 'r749');
    // Near the block's edge, the margin reaches into the next one.
    t.show(280, 292);
    t.windowed.show(280, 292);
    ctx.mock.timers.tick(80);
    await settle();
    assert.deepEqual(t.reads, [0, 2, 3]);
    t.windowed.show(250, 262);
    ctx.mock.timers.tick(80);
    await settle();
    assert.deepEqual(t.reads, [0, 2, 3], 'loaded blocks are not read again');
  });

  test('only the rows nearest the view stay loaded', async () => {
    const t = table({ count: 1_000, keepRows: 150 });
    await t.windowed.load();
    t.show(550, 560);
    t.windowed.showNow();
    await settle();
    const positions = [...t.list.rows.keys()].sort((a, b) => a - b);
    assert.equal(positions.length, 150);
    assert.equal(positions[0], 50, 'the first block’s rows farthest from the view went');
    assert.ok(positions.includes(599));
    assert.deepEqual(Object.keys(t.list.byId).length, 150, 'and their rows with them');
  });

  test('a read answered after a newer load is left out', async () => {
    const t = table({ count: 300, held: true });
    const first = t.windowed.load();
    t.server.ids = idsOf(40, 'n');
    const second = t.windowed.load();
    await t.answer();
    await t.answer();
    await Promise.all([first, second]);
    assert.equal(t.list.total, 40);
    assert.equal(t.list.rows.get(0), 'n39');
    assert.ok(![...t.list.rows.values()].some((id) => id.startsWith('r')));
  });

  test('a failed block read is told, once; a failed load throws it', async () => {
    const failures: unknown[] = [];
    const broken = createWindowedRows<Row, string>({
      blockSize: BLOCK,
      keepRows: 2_000,
      margin: 0,
      read: () => Promise.reject(new Error('The sandbox is not answering.')),
      current: () => ({ rows: new Map(), byId: {}, total: 300 }),
      shown: () => ({ first: 150, last: 160 }),
      commit: () => assert.fail('nothing is placed'),
      replay: () => undefined,
      failed: (error) => failures.push(error),
    });
    broken.showNow();
    await settle();
    assert.equal(failures.length, 1);
    await assert.rejects(broken.load(), /not answering/);
  });
});

describe('live changes and reads on their way', () => {
  test('a row that arrives while the list is read is applied again on top of what the read brought', async () => {
    const t = table({ count: 100, held: true, growsAtTop: true });
    const loading = t.windowed.load();
    t.arrive(['live']);
    await t.answer();
    await loading;
    assert.equal(t.list.rows.get(0), 'live', 'the read, older than the row, did not lose it');
    assert.equal(t.list.rows.get(1), 'r99');
    assert.equal(t.list.total, 101);
  });

  test('a block read after rows arrived on top is placed by the console’s count, where its rows now are', async () => {
    const t = table({ count: 1_000, held: true, growsAtTop: true });
    const loading = t.windowed.load();
    await t.answer();
    await loading;
    t.show(520, 530);
    t.windowed.showNow();
    // The server answers for block 5 as it was: three requests then arrive on top.
    const asOfRead = t.server.ids.slice(500, 600);
    t.arrive(['a', 'b', 'c']);
    await t.answer();
    await t.answer();
    assert.equal(t.list.total, 1_003);
    assert.equal(t.list.rows.get(503), asOfRead[0]);
    assert.equal(t.list.rows.get(602), asOfRead[99]);
    assert.equal(t.list.rows.get(503), t.server.ids[503], 'each where the server now has it');
  });

  test('a list that does not grow at its top places a block where the server counted it', async () => {
    const t = table({ count: 1_000, held: true });
    const loading = t.windowed.load();
    await t.answer();
    await loading;
    t.show(520, 530);
    t.windowed.showNow();
    const asOfRead = t.server.ids.slice(500, 600);
    await t.answer();
    await t.answer();
    assert.equal(t.list.rows.get(500), asOfRead[0]);
  });

  test('the rows in view are read again a moment after a change that may have moved them, and the rest forgotten', async (ctx) => {
    handTimers(ctx);
    const t = table({ count: 1_000 });
    await t.windowed.load();
    t.show(520, 530);
    t.windowed.showNow();
    await settle();
    // Ten rows above the view left the list on the server.
    t.server.ids = [...t.server.ids.slice(0, 300), ...t.server.ids.slice(310)];
    t.windowed.refreshSoon();
    t.windowed.refreshSoon();
    ctx.mock.timers.tick(300);
    await settle();
    assert.deepEqual(t.reads, [0, 4, 5, 4, 5], 'the blocks around the view, once');
    assert.equal(t.list.total, 990);
    assert.equal(t.list.rows.get(520), t.server.ids[520]);
    assert.equal(t.list.rows.get(0), undefined, 'rows away from the view are read again when shown');
  });
});

describe('how far the rows in view moved', () => {
  const rowsAt = (start: number, ids: string[]): RowMap => new Map(ids.map((id, i) => [start + i, id]));

  test('rows arriving on top move every loaded row down by as many', () => {
    const before = rowsAt(0, idsOf(300));
    let after: RowMap = before;
    for (const id of ['x', 'y', 'z']) after = insertAt(after, 0, id);
    assert.equal(rowsMoved(before, after, 150), 3);
  });

  test('told by the loaded rows nearest the view, when the view’s own rows are not loaded', () => {
    const before = rowsAt(0, idsOf(100));
    const after = insertAt(insertAt(before, 0, 'x'), 0, 'y');
    assert.equal(rowsMoved(before, after, 5_000), 2);
  });

  test('a block read again that the server placed higher moves its rows up', () => {
    const before = rowsAt(700, idsOf(100));
    const after = rowsAt(697, idsOf(100));
    assert.equal(rowsMoved(before, after, 720), -3);
  });

  test('the first row in view stays: a row that goes in just below it moves only the rows below', () => {
    const before = rowsAt(10, ['a', 'b', 'c', 'd']);
    const after = insertAt(before, 12, 'x');
    assert.equal(rowsMoved(before, after, 10), 0);
    assert.equal(rowsMoved(before, after, 11), 0);
    assert.equal(rowsMoved(before, after, 12), 1);
  });

  test('a row that moved on its own (a delivery resent to the top) says nothing of the others', () => {
    const before = rowsAt(0, [...idsOf(10), 'a', 'b', 'c', 'd']);
    const aOnTop = insertAt(removeAt(before, 10), 0, 'a');
    assert.equal(rowsMoved(before, aOnTop, 10), 0, 'b, c and d stayed where they were');
    const bOnTop = insertAt(removeAt(before, 11), 0, 'b');
    assert.equal(rowsMoved(before, bOnTop, 10), 1, 'a moved down by the one that went on top');
    // Deep in the list, with only the view's rows loaded, its first row resent to the top.
    const deep = rowsAt(5_000, ['a', 'b', 'c', 'd', 'e']);
    assert.equal(rowsMoved(deep, insertAt(removeAt(deep, 5_000), 0, 'a'), 5_000), 0);
  });

  test('nothing loaded in both, or nothing changed: nothing moved', () => {
    const rows = rowsAt(0, idsOf(10));
    assert.equal(rowsMoved(rows, rows, 3), 0);
    assert.equal(rowsMoved(rows, rowsAt(0, idsOf(10, 'other')), 3), 0);
    assert.equal(rowsMoved(new Map(), rows, 3), 0);
  });
});
