// JSON.parse's messages are written for programmers ("Unexpected token 'b', "banana" is not valid
// JSON"); a person sending a request wants to know where their body broke and what to send instead.

const SEND_INSTEAD = 'Send one JSON value with double-quoted keys and strings, for example {"amount": 1000}.';

/** Where in the body `message` (from JSON.parse) says it broke, as a clause, or null. */
function whereItBroke(message: string): string | null {
  if (/unexpected end of json input/i.test(message)) return 'it ends before the JSON is complete';
  const at = /at position (\d+)(?: \(line (\d+) column (\d+)\))?/.exec(message);
  const token = /unexpected token '(.)'/i.exec(message);
  const what = token ? `the character ${JSON.stringify(token[1])} is not allowed there` : 'it breaks';
  if (at?.[2]) return `${what} (line ${at[2]}, column ${at[3]})`;
  if (at?.[1]) return `${what} (character ${Number(at[1]) + 1})`;
  return token ? `${what} (near the start)` : null;
}

/** A clean sentence for a body JSON.parse (or Fastify's parser) refused with `message`. */
export function invalidJsonSentence(message: string): string {
  const where = whereItBroke(message);
  return where
    ? `The body is not valid JSON: ${where}. ${SEND_INSTEAD}`
    : `The body is not valid JSON. ${SEND_INSTEAD}`;
}
