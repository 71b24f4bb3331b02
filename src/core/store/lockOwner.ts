import { readFile } from 'node:fs/promises';

/**
 * The process a lock file names. A pid alone does not identify a process: a dead one's pid is
 * reused, and a killed child stays a zombie (answering kill(pid, 0)) until its parent reaps it. So
 * on Linux the record also carries the start time and the boot it belongs to.
 */
export interface LockOwner {
  pid: number;
  command: string;
  started_at: string;
  /** Linux: start time in clock ticks after boot (field 22 of /proc/<pid>/stat). */
  start_ticks?: string;
  /** Linux: /proc/sys/kernel/random/boot_id; after a reboot every earlier lock is stale. */
  boot_id?: string;
}

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

export async function thisProcess(): Promise<LockOwner> {
  const [stat, boot] = await Promise.all([procStat('self'), bootId()]);
  return {
    pid: process.pid,
    command: process.argv.slice(1).join(' ').slice(0, 200) || process.argv0,
    started_at: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    ...(stat && { start_ticks: stat.startTicks }),
    ...(boot && { boot_id: boot }),
  };
}

/**
 * Whether the recorded process still runs. Where /proc/<pid>/stat cannot be read (macOS, Windows,
 * or a /proc mounted with hidepid) only kill(pid, 0) is left, which cannot tell a zombie or a
 * reused pid from the owner: such a lock is refused until that pid is gone.
 */
export async function isRunning(owner: LockOwner): Promise<boolean> {
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
