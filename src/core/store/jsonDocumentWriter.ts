import { Readable } from 'node:stream';
import { nextTurn } from '../nextTurn';

/** Big enough that a chunk costs little beside its records, small enough to stay far below any cap. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes a top-level JSON object as a byte stream, never as one string (V8 caps a string near
 * 512 MiB, and a store of a million links is larger). The head's fields come first, then each
 * list one element per line, the layout readJsonDocument's fast path reads. Chunks are made only
 * as the consumer asks for them, and each on its own turn of the event loop, so a slow reader holds
 * back the writing and a long document never stalls other requests.
 */
export function jsonDocumentStream(
  head: Record<string, unknown>,
  lists: Record<string, readonly unknown[]>,
): Readable {
  return Readable.from(paced(jsonDocumentChunks(head, lists)), { objectMode: false });
}

function* jsonDocumentChunks(
  head: Record<string, unknown>,
  lists: Record<string, readonly unknown[]>,
): Generator<string> {
  let out = JSON.stringify(head).slice(0, -1);
  let separator = Object.keys(head).length === 0 ? '' : ',';
  for (const [key, list] of Object.entries(lists)) {
    out += `${separator}\n${JSON.stringify(key)}:[`;
    separator = ',';
    for (let i = 0; i < list.length; i++) {
      out += `${i === 0 ? '' : ','}\n${JSON.stringify(list[i])}`;
      if (out.length >= CHUNK_CHARS) {
        yield out;
        out = '';
      }
    }
    out += list.length === 0 ? ']' : '\n]';
  }
  yield `${out}}\n`;
}

async function* paced(chunks: Iterable<string>): AsyncGenerator<string> {
  for (const chunk of chunks) {
    yield chunk;
    await nextTurn();
  }
}
