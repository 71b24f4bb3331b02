import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { JsonlLog } from '../core/store/jsonlLog';
import { makeTempDir } from './harness';

interface Entry {
  n: number;
  pad: string;
}

const entry = (n: number, pad = 40): Entry => ({ n, pad: 'x'.repeat(pad) });
/** The bytes an entry takes in the file, its newline included. */
const lineBytes = (e: Entry) => Buffer.byteLength(JSON.stringify(e)) + 1;

/** An owner as the request log and the inbox are: what it keeps of each line, in the log's order. */
class Owner {
  kept: number[] = [];
  droppedCounts: number[] = [];
  readonly log: JsonlLog<Entry>;

  constructor(
    dir: string,
    public budget: number,
  ) {
    this.log = new JsonlLog<Entry>(
      dir,
      'things',
      () => this.budget,
      (count) => {
        this.droppedCounts.push(count);
        this.kept.splice(0, count);
      },
    );
  }

  loadSync(): this {
    this.log.loadSync(
      (e) => (Number.isSafeInteger(e.n) ? e.n : undefined),
      (ns) => (this.kept = [...ns, ...this.kept]),
    );
    return this;
  }

  load(): Promise<void> {
    return this.log.load(
      (e) => (Number.isSafeInteger(e.n) ? e.n : undefined),
      (ns) => (this.kept = [...ns, ...this.kept]),
    );
  }

  append(e: Entry): void {
    this.log.append(e);
    this.kept.push(e.n);
  }
}

const linesOf = (file: string): string[] =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(0, -1) : [];
const numbersIn = (file: string): number[] => linesOf(file).map((l) => (JSON.parse(l) as Entry).n);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the rotating JSON-lines log (store/jsonlLog.ts), on a real data folder', () => {
  test('appends until the file holds half the budget, then it becomes the older file and the one before goes', async () => {
    const dir = await makeTempDir();
    const perLine = lineBytes(entry(10));
    const owner = new Owner(dir, 10 * perLine).loadSync();
    const current = join(dir, 'things.jsonl');
    const older = join(dir, 'things.older.jsonl');

    for (let n = 10; n < 15; n++) owner.append(entry(n));
    assert.deepEqual(numbersIn(current), range(10, 14), 'five lines make half the budget');
    assert.equal(existsSync(older), false, 'no rotation yet');

    owner.append(entry(15));
    assert.deepEqual(numbersIn(older), range(10, 14), 'the full file became the older one');
    assert.deepEqual(numbersIn(current), [15]);
    assert.deepEqual(owner.droppedCounts, [], 'nothing was dropped by the first rotation');

    for (let n = 16; n < 21; n++) owner.append(entry(n));
    assert.deepEqual(numbersIn(older), range(15, 19), 'the second rotation let the first older file go');
    assert.deepEqual(numbersIn(current), [20]);
    assert.deepEqual(owner.droppedCounts, [5]);
    assert.deepEqual(owner.kept, range(15, 20), 'the owner was told which went');
    assert.deepEqual(owner.log.size, { entries: 6, bytes: 6 * perLine });
    owner.log.close();

    const again = new Owner(dir, 10 * perLine).loadSync();
    assert.deepEqual(again.kept, range(15, 20), 'a restart reads the same entries back');
    again.log.close();
  });

  test('a lower budget trims: the older file goes and the current one keeps its newest lines within half', async () => {
    const dir = await makeTempDir();
    const perLine = lineBytes(entry(100));
    const owner = new Owner(dir, 20 * perLine).loadSync();
    for (let n = 100; n < 125; n++) owner.append(entry(n));
    assert.deepEqual(owner.kept, range(110, 124), 'the second rotation let 100-109 go');

    owner.budget = 6 * perLine;
    owner.log.trim();
    assert.equal(existsSync(join(dir, 'things.older.jsonl')), false, 'the older file went');
    assert.deepEqual(numbersIn(join(dir, 'things.jsonl')), range(122, 124), 'the newest within half of it');
    assert.deepEqual(owner.kept, range(122, 124));
    assert.deepEqual(owner.log.size, { entries: 3, bytes: 3 * perLine });

    owner.append(entry(125));
    assert.equal(owner.log.read(3)?.n, 125, 'a line appended after the trim is read back where it is');
    assert.equal(owner.log.read(0)?.n, 122, 'the kept lines moved with the bytes kept');
    owner.log.close();

    const again = new Owner(dir, 6 * perLine).loadSync();
    assert.deepEqual(again.kept, range(122, 125));
    again.log.close();
  });

  test('a last line cut short by a crash is skipped, and the next entry starts a line of its own', async () => {
    const dir = await makeTempDir();
    const current = join(dir, 'things.jsonl');
    writeFileSync(current, `${JSON.stringify(entry(1))}\n${JSON.stringify(entry(2))}\n{"n":3,"pa`);

    const owner = new Owner(dir, 1024 * 1024).loadSync();
    assert.deepEqual(owner.kept, [1, 2], 'the cut line is not an entry');
    owner.append(entry(4));
    const lines = linesOf(current);
    assert.equal(lines[2], '{"n":3,"pa', 'the cut line got its newline');
    assert.deepEqual(JSON.parse(lines[3] as string), entry(4), 'the new entry is a whole line');
    assert.equal(owner.log.read(2)?.n, 4, 'read back by its place, past the cut line');
    owner.log.close();

    const again = new Owner(dir, 1024 * 1024);
    assert.equal(
      again.log.last((e) => e.n),
      4,
      'the last entry, read from the end',
    );
    await again.load();
    assert.deepEqual(again.kept, [1, 2, 4]);
    again.log.close();
  });

  test('a line is read back by its place after a rotation, from whichever file holds it', async () => {
    const dir = await makeTempDir();
    const owner = new Owner(dir, 8 * lineBytes(entry(1000))).loadSync();
    for (let n = 1000; n < 1006; n++) owner.append(entry(n));
    assert.ok(existsSync(join(dir, 'things.older.jsonl')), 'it rotated');

    for (let i = 0; i < owner.kept.length; i++) {
      const place = owner.log.place(i);
      assert.ok(place);
      const bytes = readFileSync(place.file).subarray(place.offset, place.offset + place.length);
      assert.equal(bytes.toString('utf8'), `${JSON.stringify(entry(owner.kept[i] as number))}\n`);
      assert.deepEqual(owner.log.read(i), entry(owner.kept[i] as number));
    }
    assert.equal(owner.log.place(0)?.file, join(dir, 'things.older.jsonl'));
    assert.equal(owner.log.place(owner.kept.length - 1)?.file, join(dir, 'things.jsonl'));
    owner.log.close();
  });

  test('entries appended while a long log loads are kept after it, none lost, in order', async () => {
    const dir = await makeTempDir();
    const onDisk = 10_000;
    const budget = 64 * 1024 * 1024;
    const writer = new Owner(dir, budget).loadSync();
    // About 3 MB: the load reads it in several chunks, and appends land between them.
    for (let n = 1; n <= onDisk; n++) writer.append(entry(n, 280));
    writer.log.close();

    const owner = new Owner(dir, budget);
    const loading = owner.load();
    owner.append(entry(onDisk + 1));
    let next = onDisk + 2;
    let done = false;
    void loading.then(() => (done = true));
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      if (!done) owner.append(entry(next++));
    }
    assert.ok(next > onDisk + 2, 'some entries were appended while it loaded');
    assert.deepEqual(owner.kept, range(1, next - 1), 'the files first, then what came meanwhile');
    for (const i of [0, onDisk - 1, onDisk, owner.kept.length - 1])
      assert.equal(owner.log.read(i)?.n, owner.kept[i], `entry ${i} is read back from its place`);
    owner.log.close();

    const again = new Owner(dir, budget);
    await again.load();
    assert.deepEqual(again.kept, range(1, next - 1), 'a restart reads them all, in order');
    again.log.close();
  });
  test('queued lines (the request log) are written together later, rotate in order with lines in parts, and read back before they are written', async () => {
    const dir = await makeTempDir();
    const current = join(dir, 'things.jsonl');
    const older = join(dir, 'things.older.jsonl');
    const perLine = lineBytes(entry(10));
    const owner = new Owner(dir, 10 * perLine).loadSync();
    const queue = (n: number) => {
      const json = JSON.stringify(entry(n));
      // A line in parts, as the request log hands over a JSON answer as it was sent.
      owner.log.queue({ ascii: json.slice(0, 7), text: json.slice(7, -1), end: '}' });
      owner.kept.push(n);
    };
    for (let n = 10; n < 14; n++) queue(n);
    assert.deepEqual(
      numbersIn(current),
      [],
      'nothing written yet: the request that queued it is not kept waiting',
    );
    assert.equal(
      owner.log.read(2)?.n,
      12,
      'a queued line is read back by its place: what is queued is written first',
    );
    assert.deepEqual(numbersIn(current), range(10, 13));

    for (let n = 14; n < 17; n++) queue(n);
    assert.deepEqual(
      numbersIn(older),
      range(10, 14),
      'the rotation wrote what was queued before it to the file that became the older one',
    );
    assert.deepEqual(numbersIn(current), [], 'the lines after it still wait');
    assert.deepEqual(owner.log.size, { entries: 7, bytes: 7 * perLine });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(numbersIn(current), range(15, 16), 'written within a moment, with no one asking');

    queue(17);
    owner.log.close();
    assert.deepEqual(numbersIn(current), range(15, 17), 'close writes what is queued');
    const again = new Owner(dir, 10 * perLine).loadSync();
    assert.deepEqual(again.kept, range(10, 17), 'a restart reads every queued line back, in order');
    again.log.close();
  });

  test('the files a rotation, a trim and a clear let go of leave the folder, and what a killed process left aside goes at the next open', async () => {
    const dir = await makeTempDir();
    const perLine = lineBytes(entry(10));
    const owner = new Owner(dir, 4 * perLine).loadSync();
    for (let n = 0; n < 40; n++) owner.append(entry(n));
    owner.budget = 2 * perLine;
    owner.log.trim();
    owner.log.clear();
    owner.kept = [];
    for (let n = 40; n < 45; n++) owner.append(entry(n));
    owner.log.close();
    assert.deepEqual(
      readdirSync(dir).sort(),
      ['things.jsonl', 'things.older.jsonl'],
      'once closed, only the two files are left: nothing set aside stays behind',
    );
    assert.deepEqual(
      [...numbersIn(join(dir, 'things.older.jsonl')), ...numbersIn(join(dir, 'things.jsonl'))],
      owner.kept,
    );

    // A process killed between setting the older file aside and deleting it.
    writeFileSync(join(dir, 'things.older.jsonl.4242-7.gone'), 'x'.repeat(1000));
    const again = new Owner(dir, 4 * perLine).loadSync();
    assert.deepEqual(
      readdirSync(dir).sort(),
      ['things.jsonl', 'things.older.jsonl'],
      'the next open deleted it',
    );
    assert.deepEqual(again.kept, owner.kept, 'and read the log as it was');
    again.log.close();
  });
});
