import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { LOCK_FILE, lockDataDir } from '../core/store/dataDirLock';
import { acquireLock, takeoverClaim } from '../core/store/lockFile';
import { thisProcess, type LockOwner } from '../core/store/lockOwner';
import { Store } from '../core/store/store';
import { StoreFileError } from '../core/store/storeErrors';
import { SandboxError } from '../core/errors';
import { REPO_ROOT, WAIT_MS } from './cliProcess';
import { makeTempDir } from './harness';

const dirs: string[] = [];
const children: ChildProcess[] = [];
after(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await makeTempDir('pls-lock-');
  dirs.push(dir);
  return dir;
}

const me = await thisProcess();

/** The identity /proc gives a running process, as its lock record would carry it. */
async function identityOf(pid: number): Promise<{ state: string; start_ticks: string }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start_ticks: fields[19] ?? '' };
}

async function firstLine(child: ChildProcess): Promise<string> {
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) return line;
  throw new Error(`process ${child.pid} wrote nothing`);
}

/** A lock record naming `pid`, written as an earlier sandbox would have left it. */
async function writeLock(path: string, owner: Partial<LockOwner> & { pid: number }): Promise<string> {
  const text = JSON.stringify({ command: 'an earlier sandbox', started_at: 'earlier', ...owner, token: 't' });
  await writeFile(path, text);
  return text;
}

/** The pid of a process that has exited and been reaped. */
function deadPid(): number {
  const pid = spawnSync('true').pid;
  assert.ok(pid, 'ran `true`');
  return pid;
}

function sleeper(): ChildProcess & { pid: number } {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  assert.ok(child.pid, 'started sleep');
  return child as ChildProcess & { pid: number };
}

async function lockNames(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.startsWith(LOCK_FILE)).sort();
}

async function recordedPid(dir: string): Promise<number> {
  return (JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as LockOwner).pid;
}

/** A refusal naming process `pid` as the holder. */
async function assertRefused(dir: string, pid: number): Promise<void> {
  await assert.rejects(lockDataDir(dir), (err: Error) => {
    assert.ok(err instanceof StoreFileError, `a StoreFileError: ${err.message}`);
    assert.match(err.message, new RegExp(`^${dir}: is in use by process ${pid} \\(.+, started .+\\); `));
    return true;
  });
}

const linuxOnly = { skip: process.platform !== 'linux' && 'needs /proc' };

describe('two lockers at the same instant: exactly one acquires', () => {
  const ROUNDS = 200;

  test(`on a free directory, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const file = join(await tempDir(), LOCK_FILE);
      const outcomes = await Promise.all([acquireLock(file, me), acquireLock(file, me)]);
      const winners = outcomes.filter((outcome) => outcome.acquired);
      assert.equal(winners.length, 1, `round ${round}: ${JSON.stringify(outcomes)}`);
    }
  });

  test(`over a lock left by a dead process, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const dir = await tempDir();
      const file = join(dir, LOCK_FILE);
      await writeLock(file, { pid: deadPid(), boot_id: me.boot_id, start_ticks: '1' });
      // Started in step, both walk the takeover in step; a second that starts 1 or 2 ms later
      // meets the first at another step of it (say, just after the first deleted the dead lock).
      const late = sleep(round % 3).then(() => acquireLock(file, me));
      const outcomes = await Promise.all([acquireLock(file, me), late]);
      const winners = outcomes.filter((outcome) => outcome.acquired);
      assert.equal(winners.length, 1, `round ${round}: ${JSON.stringify(outcomes)}`);
      assert.equal(await recordedPid(dir), process.pid, `round ${round}: the lock names the winner`);
      assert.deepEqual(await lockNames(dir), [LOCK_FILE], `round ${round}: no claim or temp file is left`);
    }
  });

  test('in separate processes, 40 rounds, half of them over a dead process’s lock', async () => {
    const contenders = [new Contender(), new Contender()];
    for (let round = 0; round < 40; round++) {
      const dir = await tempDir();
      if (round % 2) await writeLock(join(dir, LOCK_FILE), { pid: deadPid() });
      const answers = await Promise.all(contenders.map((contender) => contender.send({ lock: dir })));
      const winners = contenders.filter((_contender, i) => answers[i] === 'acquired');
      assert.equal(winners.length, 1, `round ${round}: ${JSON.stringify(answers)}`);
      const winner = winners[0] as Contender;
      const refusal = answers.find((answer) => answer !== 'acquired') ?? '';
      assert.match(refusal, new RegExp(`^refused .*in use by process ${winner.pid} `), `round ${round}`);
      assert.equal(await recordedPid(dir), winner.pid);
      assert.equal(await winner.send({ release: true }), 'released');
    }
    for (const contender of contenders) contender.end();
  });
});

describe('who owns a lock', linuxOnly, () => {
  test('a zombie owner (killed, not yet reaped) is gone: its lock is taken over', async () => {
    // The background sleep is a child of sh, which exec's into another sleep: once killed, it
    // stays a zombie, as nobody ever reaps it.
    const parent = spawn('sh', ['-c', 'sleep 60 & echo $!; exec sleep 60'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    children.push(parent);
    const zombie = Number(await firstLine(parent));
    const { start_ticks } = await identityOf(zombie);
    process.kill(zombie, 'SIGKILL');
    let state = (await identityOf(zombie)).state;
    for (let waited = 0; state !== 'Z' && waited < WAIT_MS; waited += 10) {
      await sleep(10);
      state = (await identityOf(zombie)).state;
    }
    assert.equal(state, 'Z', `process ${zombie} is a zombie`);

    const dir = await tempDir();
    await writeLock(join(dir, LOCK_FILE), {
      pid: zombie,
      start_ticks,
      boot_id: me.boot_id,
    });
    const unlock = await lockDataDir(dir);
    assert.equal(await recordedPid(dir), process.pid);
    await unlock();
  });

  test('a live pid with another start time is another process (a reused pid): taken over', async () => {
    const other = sleeper();
    const { start_ticks } = await identityOf(other.pid);
    const dir = await tempDir();
    await writeLock(join(dir, LOCK_FILE), {
      pid: other.pid,
      start_ticks: String(Number(start_ticks) - 1),
      boot_id: me.boot_id,
    });
    const unlock = await lockDataDir(dir);
    assert.equal(await recordedPid(dir), process.pid);
    await unlock();
  });

  test('a lock from an earlier boot is taken over, even if its pid and start time match a live process', async () => {
    const dir = await tempDir();
    await writeLock(join(dir, LOCK_FILE), { ...me, pid: process.pid, boot_id: 'an-earlier-boot' });
    const unlock = await lockDataDir(dir);
    assert.notEqual(JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')).boot_id, 'an-earlier-boot');
    await unlock();
  });

  test('a live owner is refused, named by pid, and its lock is left alone', async () => {
    const owner = sleeper();
    const { start_ticks } = await identityOf(owner.pid);
    const dir = await tempDir();
    const text = await writeLock(join(dir, LOCK_FILE), { pid: owner.pid, start_ticks, boot_id: me.boot_id });
    await assertRefused(dir, owner.pid);
    assert.equal(await readFile(join(dir, LOCK_FILE), 'utf8'), text);
  });
});

describe('taking over a dead process’s lock', () => {
  test('a takeover claim left by a process that died mid-takeover does not block it', async () => {
    const dir = await tempDir();
    const file = join(dir, LOCK_FILE);
    const stale = await writeLock(file, { pid: deadPid() });
    await writeLock(takeoverClaim(file, stale), { pid: deadPid() });
    const unlock = await lockDataDir(dir);
    assert.equal(await recordedPid(dir), process.pid);
    assert.deepEqual(await lockNames(dir), [LOCK_FILE], 'the dead claim is cleared away');
    await unlock();
    assert.deepEqual(await lockNames(dir), [], 'released');
  });

  test('a takeover claim held by a live process is refused, naming it: it is about to own the lock', async () => {
    const dir = await tempDir();
    const file = join(dir, LOCK_FILE);
    const stale = await writeLock(file, { pid: deadPid() });
    const claimant = sleeper();
    await writeLock(takeoverClaim(file, stale), { pid: claimant.pid });
    await assertRefused(dir, claimant.pid);
  });
});

describe('refusals name the cause', () => {
  test('a lock file that names nobody is left alone: it may be a lock being written in place', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, LOCK_FILE), '');
    await assert.rejects(lockDataDir(dir), (err: Error) => {
      assert.ok(err instanceof StoreFileError);
      assert.match(
        err.message,
        /^.*sandbox\.lock: names no process .*; if no sandbox is using the directory/,
      );
      return true;
    });
    assert.equal(await readFile(join(dir, LOCK_FILE), 'utf8'), '');
  });

  test('a directory the file system refuses is one line naming it and the errno', async () => {
    // A path through a regular file: ENOTDIR even for root, whom permissions do not stop.
    const file = join(await tempDir(), 'a-file');
    await writeFile(file, '');
    const dir = join(file, 'data');
    await assert.rejects(lockDataDir(dir), (err: Error) => {
      assert.ok(err instanceof StoreFileError, `a StoreFileError: ${err.message}`);
      assert.equal(
        err.message,
        `${dir}: cannot hold its lock file (ENOTDIR); choose another directory with --data`,
      );
      return true;
    });
  });

  test('a second lock in this process is refused at once, and the first is kept', async () => {
    const dir = await tempDir();
    const unlock = await lockDataDir(dir);
    const outcomes = await Promise.allSettled([lockDataDir(dir), lockDataDir(dir)]);
    assert.deepEqual(
      outcomes.map((outcome) => outcome.status),
      ['rejected', 'rejected'],
    );
    assert.equal(await recordedPid(dir), process.pid);
    await unlock();
    const again = await lockDataDir(dir);
    await again();
  });
});

describe('an owner in another PID namespace (another container) holds a lease', () => {
  // Shortened for the test; a sandbox's own is LEASE_MS (10 s).
  const LEASE = 1500;

  /** A lock as a sandbox in a container leaves it: pid 1 there, which names nothing here. */
  async function containerLock(dir: string): Promise<string> {
    return writeLock(join(dir, LOCK_FILE), {
      pid: deadPid(),
      command: '/app/dist/cli.js serve',
      started_at: '2026-11-28T06:00:00.000Z',
      boot_id: me.boot_id,
      host: me.host,
      pid_ns: 'pid:[4026532999]',
      container: true,
    });
  }

  /** A process touching `file` every 100 ms, as the owner's lease renewal does. */
  function renewer(file: string): ChildProcess {
    const child = spawn(
      process.execPath,
      [
        '-e',
        `setInterval(() => { const t = new Date(); require('fs').utimesSync(${JSON.stringify(file)}, t, t); }, 100)`,
      ],
      { stdio: 'ignore' },
    );
    children.push(child);
    return child;
  }

  test('renewed while a start waits: the start says it waits, then is refused naming the container and its pid', async () => {
    const dir = await tempDir();
    const text = await containerLock(dir);
    const owner = JSON.parse(text) as LockOwner;
    const toucher = renewer(join(dir, LOCK_FILE));
    const said: string[] = [];
    await assert.rejects(
      lockDataDir(dir, { leaseMs: LEASE, waiting: (line) => said.push(line) }),
      (err: Error) => {
        assert.ok(err instanceof StoreFileError, `a StoreFileError: ${err.message}`);
        assert.equal(
          err.message,
          `${dir}: is in use by process ${owner.pid} in a container (host name ${me.host}) (/app/dist/cli.js serve, started 2026-11-28T06:00:00.000Z), which renewed its lease within 1.5 s; stop that process, or give this one another directory with --data`,
        );
        return true;
      },
    );
    toucher.kill('SIGKILL');
    assert.deepEqual(said, [
      `${dir}: held by process ${owner.pid} in a container (host name ${me.host}) (/app/dist/cli.js serve, started 2026-11-28T06:00:00.000Z); waiting up to 1.5 s for it to renew its lease, and taking the directory over if it does not`,
    ]);
    assert.equal(await readFile(join(dir, LOCK_FILE), 'utf8'), text, 'the lock is left alone');
  });

  test('left unrenewed: the start says it waits, and takes the directory over once the lease lapses', async () => {
    const dir = await tempDir();
    const text = await containerLock(dir);
    const said: string[] = [];
    let heldWhenTold: string | undefined;
    const unlock = await lockDataDir(dir, {
      leaseMs: LEASE,
      waiting: (line) => {
        said.push(line);
        heldWhenTold = readFileSync(join(dir, LOCK_FILE), 'utf8');
      },
    });
    assert.equal(said.length, 1, `one line: ${said.join('\n')}`);
    assert.match(said[0] as string, /; waiting up to 1\.5 s for it to renew its lease/);
    assert.equal(heldWhenTold, text, 'not taken over before waiting');
    assert.equal(await recordedPid(dir), process.pid);
    await unlock();
  });

  test('another host name is elsewhere too (another machine on a shared folder): a lease, even for a pid alive here', async () => {
    const dir = await tempDir();
    const text = await writeLock(join(dir, LOCK_FILE), {
      ...me,
      pid: process.pid,
      host: 'another-machine',
      container: false,
    });
    const toucher = renewer(join(dir, LOCK_FILE));
    await assert.rejects(lockDataDir(dir, { leaseMs: LEASE, waiting: () => undefined }), (err: Error) => {
      assert.match(
        err.message,
        new RegExp(`^${dir}: is in use by process ${process.pid} on host another-machine \\(`),
      );
      return true;
    });
    toucher.kill('SIGKILL');
    assert.equal(await readFile(join(dir, LOCK_FILE), 'utf8'), text);
  });

  test('an owner whose lock was taken over while it stood still says so, refuses every change, and leaves the new lock', async () => {
    const dir = await tempDir();
    const warnings: string[] = [];
    const store = await Store.open({ dir, warn: (line) => warnings.push(line) });
    // What a start elsewhere leaves once this owner's lease has lapsed.
    const taken = await containerLock(dir);
    for (let waited = 0; warnings.length === 0; waited += 50) {
      assert.ok(waited < WAIT_MS, `no warning within ${WAIT_MS} ms of losing the lock`);
      await sleep(50);
    }
    assert.deepEqual(warnings, [
      `${dir}: this sandbox lost the directory to another (its lock file names another process) and refuses every change, so two never write one store; stop it`,
    ]);
    await assert.rejects(store.commit([{ op: 'account', v: 'acct_after' }]), (err: Error) => {
      assert.ok(err instanceof SandboxError && err.code === 'storage_unavailable', err.message);
      assert.match(err.message, /lost the directory to another .*; nothing was changed\.$/);
      return true;
    });
    await store.close();
    assert.equal(
      await readFile(join(dir, LOCK_FILE), 'utf8'),
      taken,
      'its release leaves the new owner’s lock',
    );
  });

  const unshare = spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'true']).status === 0;
  test(
    'a real owner in a PID namespace of its own renews its lease; killed -9, it is taken over after one lease',
    { skip: !unshare && 'needs `unshare --pid` (Linux, root)' },
    async () => {
      const dir = await tempDir();
      const owner = new Contender(['unshare', '--pid', '--fork', '--kill-child']);
      assert.equal(await owner.send({ lock: dir, leaseMs: LEASE }), 'acquired');
      const record = JSON.parse(await readFile(join(dir, LOCK_FILE), 'utf8')) as LockOwner;
      assert.equal(record.pid, 1, "pid 1 in its namespace, as a container's server is");
      assert.notEqual(record.pid_ns, me.pid_ns);

      // Pid 1 here is init, alive: only the lease can tell whether the owner is.
      const said: string[] = [];
      await assert.rejects(
        lockDataDir(dir, { leaseMs: LEASE, waiting: (line) => said.push(line) }),
        (err: Error) => {
          assert.match(
            err.message,
            new RegExp(
              `^${dir}: is in use by process 1 in a container \\(host name ${me.host}\\) \\(.+, started ${record.started_at}\\), which renewed its lease`,
            ),
          );
          return true;
        },
      );
      assert.equal(said.length, 1);

      owner.kill();
      const unlock = await lockDataDir(dir, { leaseMs: LEASE, waiting: (line) => said.push(line) });
      assert.equal(said.length, 2, 'it said it waits');
      assert.equal(await recordedPid(dir), process.pid);
      await unlock();
    },
  );
});

/** A lockContender.ts child, asked one thing at a time; with `unshare`, in a PID namespace of its own. */
class Contender {
  private readonly child: ChildProcess;
  private readonly answers: AsyncIterator<string>;

  constructor(wrapper: string[] = []) {
    const [command, ...args] = [...wrapper, process.execPath, '--import', 'tsx', 'src/test/lockContender.ts'];
    this.child = spawn(command as string, args, { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
    this.answers = createInterface({ input: this.child.stdout as NodeJS.ReadableStream })[
      Symbol.asyncIterator
    ]();
    children.push(this.child);
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  async send(command: { lock: string; leaseMs?: number } | { release: true }): Promise<string> {
    this.child.stdin?.write(`${JSON.stringify(command)}\n`);
    const waited = new AbortController();
    const timeout = sleep(WAIT_MS, undefined, { signal: waited.signal }).then(() => {
      throw new Error(`contender ${this.pid} did not answer ${JSON.stringify(command)} within ${WAIT_MS} ms`);
    });
    try {
      const next = await Promise.race([this.answers.next(), timeout]);
      assert.equal(next.done, false, `contender ${this.pid} exited`);
      return next.value as string;
    } finally {
      waited.abort();
    }
  }

  end(): void {
    this.child.stdin?.end();
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}
