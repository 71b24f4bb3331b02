// What JSON.parse hides about a body: a key given twice keeps only its last value, and a number
// whose digits carry a fraction can round to a whole double (0.99999999999999999999 is 1), so an
// integer field would take it. The text is scanned once, after JSON.parse accepted it.

/** A place in the body: object keys and array indexes, outermost first. */
export type JsonPath = (string | number)[];

export interface JsonTextFindings {
  /** The first key an object gives twice. */
  duplicate?: JsonPath;
  /** Every key an object gives twice, in the text's order, when the scan was asked for them all. */
  duplicates: JsonPath[];
  /** Numbers written with a fraction that JSON.parse rounded to a whole number, with their text. */
  roundedToWhole: { path: JsonPath; text: string }[];
}

/**
 * Where a parsed body carries the numbers it got rounded to whole, for the validator: only it
 * knows which fields are integers (a percentage may take 2.99999999999999999999 as 3).
 */
export const ROUNDED_TO_WHOLE = Symbol('numbers the body wrote with a fraction, rounded to whole');

type Frame = { keys: Set<string>; key: string | undefined } | { index: number };

const pathOf = (stack: Frame[]): JsonPath =>
  stack.map((frame) => ('index' in frame ? frame.index : (frame.key as string)));

/** True when the number as written (not as a double) has no fraction: 1000.0 and 1e3 do not. */
export function writtenWhole(text: string): boolean {
  const [mantissa = '', exponent = '0'] = text.replace(/^-/, '').toLowerCase().split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const point = whole.length + Number(exponent);
  return /^0*$/.test((whole + fraction).slice(Math.max(point, 0)));
}

/** Whether the quote at `at` is escaped: an odd run of backslashes stands before it. */
function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text[at - 1 - backslashes] === '\\') backslashes++;
  return backslashes % 2 === 1;
}

/**
 * Scans text that JSON.parse has already accepted. A request body stops at its first repeated key
 * (one error answers it); a configuration file asks for `everyDuplicate`, as its check lists every
 * problem.
 */
export function scanJsonText(text: string, options: { everyDuplicate?: boolean } = {}): JsonTextFindings {
  const stack: Frame[] = [];
  const roundedToWhole: JsonTextFindings['roundedToWhole'] = [];
  const duplicates: JsonPath[] = [];
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '{') {
      stack.push({ keys: new Set(), key: undefined });
      expectKey = true;
      i++;
    } else if (c === '[') {
      stack.push({ index: 0 });
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      i++;
    } else if (c === ',') {
      const top = stack.at(-1);
      if (top && 'index' in top) top.index++;
      else expectKey = true;
      i++;
    } else if (c === '"') {
      let end = text.indexOf('"', i + 1);
      while (escaped(text, end)) end = text.indexOf('"', end + 1);
      const top = stack.at(-1);
      if (expectKey && top && 'keys' in top) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        top.key = key;
        if (top.keys.has(key)) {
          duplicates.push(pathOf(stack));
          if (!options.everyDuplicate) return { duplicate: duplicates[0], duplicates, roundedToWhole };
        }
        top.keys.add(key);
        expectKey = false;
      }
      i = end + 1;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let end = i + 1;
      while (end < text.length && /[0-9eE.+-]/.test(text[end] as string)) end++;
      const number = text.slice(i, end);
      if (/[.eE]/.test(number) && Number.isInteger(Number(number)) && !writtenWhole(number)) {
        roundedToWhole.push({ path: pathOf(stack), text: number });
      }
      i = end;
    } else {
      i++;
    }
  }
  return { duplicate: duplicates[0], duplicates, roundedToWhole };
}

/** How a path is named in an error's `param`: dotted keys, stopping at an array's items. */
export function paramOf(path: JsonPath): string {
  const firstIndex = path.findIndex((segment) => typeof segment === 'number');
  return (firstIndex === -1 ? path : path.slice(0, firstIndex)).join('.');
}
