import { statfsSync } from 'node:fs';
import { SandboxError } from '../errors';

/**
 * Free space the inbox leaves on the data folder's disk (docs/storage.md, "The inbox"): anyone may
 * post to an inbox without a key, and the store's own writes must never be the ones a full disk
 * refuses. The inbox's own budget again: on a disk small enough for the inbox to fill, the store
 * still has that much for its journal and snapshot.
 */
export const INBOX_DISK_RESERVE_BYTES = 64 * 1024 * 1024;

export interface InboxDisk {
  /** Free bytes below which a message is refused; INBOX_DISK_RESERVE_BYTES unless a test says. */
  reserveBytes?: number;
  /** Where the one line of a disk refusing messages goes. */
  warn?: (message: string) => void;
}

const mib = (bytes: number): string => `${Math.floor(bytes / 1024 / 1024)} MiB`;

/**
 * The refusal of a message while the data folder's disk has less free space than `reserveBytes`,
 * else null; checked before anything moves. One statfs a message: 2 to 3 µs, next to about 20 µs
 * for keeping a 1 KiB message. A disk that cannot be asked refuses nothing.
 */
export function shortOfReserve(dir: string, reserveBytes: number): SandboxError | null {
  if (reserveBytes <= 0) return null;
  let free: number;
  try {
    const disk = statfsSync(dir);
    free = disk.bavail * disk.bsize;
  } catch {
    return null;
  }
  if (free >= reserveBytes) return null;
  return new SandboxError(
    'storage_unavailable',
    `The data directory ${dir} has ${mib(free)} free, less than the ${mib(reserveBytes)} the inbox leaves for the sandbox's own writes, so this message was not kept. Free some disk space, then send it again.`,
  );
}
