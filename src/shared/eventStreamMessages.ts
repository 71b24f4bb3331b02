// Server-Sent Events as they arrive in chunks (GET /sandbox/logs with Accept: text/event-stream):
// what `logs tail` prints and what a test workspace client listens to, split one way.

/**
 * The first complete message of `pending` (the text read so far): its data (the `data:` lines
 * joined; '' for a message without, such as `retry:`) and the text after it; null until a message
 * is complete.
 */
export function nextEventMessage(pending: string): { data: string; rest: string } | null {
  const end = pending.indexOf('\n\n');
  if (end === -1) return null;
  const data = pending
    .slice(0, end)
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => line.slice('data: '.length))
    .join('\n');
  return { data, rest: pending.slice(end + 2) };
}
