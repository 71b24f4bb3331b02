import { createReadStream } from 'node:fs';

/**
 * Streams a file line by line; the last line is flagged when no newline ends it (a write a crash
 * cut short). Returns the file's size. Only one line is ever held, never the file.
 */
export async function readLines(
  file: string,
  onLine: (text: string, line: number, unterminated: boolean) => void,
): Promise<number> {
  let carry: Buffer[] = [];
  let line = 0;
  let bytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, from)) {
      const piece = chunk.subarray(from, nl);
      const text =
        carry.length === 0 ? piece.toString('utf8') : Buffer.concat([...carry, piece]).toString('utf8');
      carry = [];
      line++;
      if (text !== '') onLine(text, line, false);
      from = nl + 1;
    }
    if (from < chunk.length) carry.push(chunk.subarray(from));
  }
  if (carry.length > 0) onLine(Buffer.concat(carry).toString('utf8'), line + 1, true);
  return bytes;
}
