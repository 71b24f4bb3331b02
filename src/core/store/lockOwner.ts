import { access, readFile, readlink } from 'node:fs/promises';
import { hostname } from 'node:os';

/**
 * The process a lock file names. A pid alone does not identify a process: a dead one's pid is
 * reused, and a killed child stays a zombie (answering kill(pid, 0)) until its parent reaps it. So
 * on Linux the record also carries the start time and the boot it belongs to. A pid means something
 * only in its own PID namespace: a container's server is pid 1 there, and some other process (or
 * none) here. So the record also says where it was taken, and an owner elsewhere is judged by the
 * lease it renews instead (lockLease.ts).
 */
export interface LockOwner {
  pid: number;
  command: string;
  started_at: string;
  /** Linux: start time in clock ticks after boot (field 22 of /proc/<pid>/stat). */
  start_ticks?: string;
  /** Linux: /proc/sys/kernel/random/boot_id; after a reboot every earlier lock is stale. */
  boot_id?: string;
  /** Linux: the PID namespace, as `readlink /proc/self/ns/pid` shows it (`pid:[4026531836]`). */
  pid_ns?: string;
  /** The host name: a container's own unless it shares the host's (`--network host`). */
  host?: string;
  /** Whether it runs in a container, for the refusal to say so. */
  container?: boolean;
}

/** The host's own PID namespace: the kernel gives it this inode on every Linux machine. */
const INITIAL_PID_NS = 'pid:[4026531836]';

interface ProcStat {
  state: string;
  startTicks: string;
}

/** State and start time from /proc/<pid>/stat; null where it cannot be read (no /proc, no such process). */
async function procStat(pid: number | 'self'): Promise<ProcStat | null> {
  let text: string;
  try {
    text = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Field 2, the command, is in parentheses and may itself hold spaces and ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTicks = fields[19];
  return state && startTicks ? { state, startTicks } : null;
}

async function bootId(): Promise<string | undefined> {
  return readFile('/proc/sys/kernel/random/boot_id', 'utf8').then(
    (text) => text.trim() || undefined,
    () => undefined,
  );
}

async function pidNamespace(): Promise<string | undefined> {
  return readlink('/proc/self/ns/pid').catch(() => undefined);
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

/** Docker leaves /.dockerenv, Podman /run/.containerenv; any other runtime still gives a PID namespace of its own. */
async function inContainer(pidNs: string | undefined): Promise<boolean> {
  if ((await exists('/.dockerenv')) || (await exists('/run/.containerenv'))) return true;
  return pidNs !== undefined && pidNs !== INITIAL_PID_NS;
}

export async function thisProcess(): Promise<LockOwner> {
  const [stat, boot, pidNs] = await Promise.all([procStat('self'), bootId(), pidNamespace()]);
  return {
    pid: process.pid,
    command: process.argv.slice(1).join(' ').slice(0, 200) || process.argv0,
    started_at: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    ...(stat && { start_ticks: stat.startTicks }),
    ...(boot && { boot_id: boot }),
    ...(pidNs && { pid_ns: pidNs }),
    host: hostname(),
    container: await inContainer(pidNs),
  };
}

/**
 * What can be known here about the recorded process: it runs, it is gone, or it is elsewhere
 * (another PID namespace or machine), where its pid cannot be checked and only its lease tells.
 */
export type Presence = 'running' | 'gone' | 'elsewhere';

/**
 * Where the owner is, seen from `here`. A record without a host name was written before leases
 * existed and is judged by pid alone, as then. Containers on `--network host` share the host's
 * name and boot id, so only the PID namespace tells them apart. The same name and namespace on
 * another boot is this machine before a reboot (the host's own namespace has the same inode on
 * every boot): that owner is gone.
 */
export async function presenceOf(owner: LockOwner, here: LockOwner): Promise<Presence> {
  if (owner.host !== undefined) {
    if (owner.host !== here.host || owner.pid_ns !== here.pid_ns) return 'elsewhere';
    if (owner.boot_id !== here.boot_id) return 'gone';
  }
  return (await isRunning(owner)) ? 'running' : 'gone';
}

/**
 * Whether the recorded process still runs. Where /proc/<pid>/stat cannot be read (macOS, Windows,
 * or a /proc mounted with hidepid) only kill(pid, 0) is left, which cannot tell a zombie or a
 * reused pid from the owner: such a lock is refused until that pid is gone.
 */
async function isRunning(owner: LockOwner): Promise<boolean> {
  const [stat, boot] = await Promise.all([procStat(owner.pid), bootId()]);
  if (owner.boot_id && boot && owner.boot_id !== boot) return false;
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return !owner.start_ticks || owner.start_ticks === stat.startTicks;
  }
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The owner a lock file's text names, or null if it names none (empty, torn, or not ours). */
export function parseOwner(text: string): LockOwner | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const owner = value as Partial<LockOwner> | null;
  // kill(0 or a negative pid, 0) signals a whole process group and always answers: never a valid owner.
  if (!owner || !Number.isInteger(owner.pid) || (owner.pid as number) <= 0) return null;
  if (typeof owner.command !== 'string' || typeof owner.started_at !== 'string') return null;
  return owner as LockOwner;
}

/** Who holds a lock, as a refusal names it: the process, and where it runs when that is not here. */
export function describeOwner(owner: LockOwner, presence: Presence): string {
  const where =
    presence !== 'elsewhere'
      ? ''
      : owner.container
        ? ` in a container (host name ${owner.host ?? 'unknown'})`
        : ` on host ${owner.host ?? 'unknown'}`;
  return `process ${owner.pid}${where} (${owner.command}, started ${owner.started_at})`;
}
