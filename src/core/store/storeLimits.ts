/** How the store cuts what it writes: in bytes, never in records, whose size it cannot know. */
export interface StoreLimits {
  /** Bytes of snapshot records gathered before they go to disk and the event loop gets a turn. */
  chunkBytes: number;
  /**
   * The most one record may take as JSON: a snapshot record, or a journal line (one commit). Far
   * below V8's cap on one string (about 512 MiB), so every record can be written and read back.
   */
  recordBytes: number;
}

export const DEFAULT_STORE_LIMITS: StoreLimits = {
  chunkBytes: 256 * 1024,
  recordBytes: 256 * 1024 * 1024,
};

/**
 * The most values (object members and array items, at any depth) one record of an imported file
 * may hold, refused while it streams in (issue 28: one record of 3 million fields took 1.3 GB to
 * parse before it was refused). Bytes are no measure of that cost: a 64 KiB response body is one
 * value, while 40 MB of `"a":1,` are three million. Every record the sandbox writes holds far fewer:
 * a link about 30 and an event 35 (their fields are fixed by the API's schema), an endpoint 15 and
 * 3 per previous secret, an idempotency record 7 (its stored answer is one string). The most is a
 * delivery: 16, and per attempt 14 plus its headers, about 10 sent and what the receiver answered
 * (typically 5 to 30). A series is at most 20 attempts (webhook_retry_schedule_seconds), so this
 * holds some 70 full series of attempts each answered with 40 headers: far past what resending
 * by hand makes.
 */
export const IMPORT_RECORD_VALUES = 100_000;

/** A record the store cannot write: which one, how large, and the bound it passed. */
export class RecordTooLargeError extends Error {
  constructor(
    readonly record: string,
    /** Its size in bytes, or null when it is past what one string can hold. */
    readonly bytes: number | null,
    readonly limit: number,
  ) {
    const size = bytes === null ? 'larger than one string can hold' : sizeText(bytes);
    super(`${record} is ${size} as JSON, more than the ${sizeText(limit)} one record may take`);
    this.name = 'RecordTooLargeError';
  }
}

/**
 * The record as JSON and its size in bytes, refused past `limit` with `record()` as its name. A record too large for
 * one string makes JSON.stringify throw a RangeError ("Invalid string length"): that is named too.
 */
export function recordJson(
  record: () => string,
  value: unknown,
  limit: number,
): { text: string; bytes: number } {
  let text: string;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    if (err instanceof RangeError) throw new RecordTooLargeError(record(), null, limit);
    throw err;
  }
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > limit) throw new RecordTooLargeError(record(), bytes, limit);
  return { text, bytes };
}

/** Bytes in the unit a person would use: 300 MiB, 1.5 MiB, 200 KiB. */
export function sizeText(bytes: number): string {
  const [amount, unit] = bytes >= 1024 * 1024 ? [bytes / (1024 * 1024), 'MiB'] : [bytes / 1024, 'KiB'];
  return `${amount >= 10 || Number.isInteger(amount) ? Math.round(amount) : amount.toFixed(1)} ${unit}`;
}
