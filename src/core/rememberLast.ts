/**
 * `compute`, remembering its last argument and answer: for a value every request repeats (an app
 * sends one API key, one Authorization), so the request log's entries share one string rather than
 * a copy each, and the work is done once.
 */
export function rememberLast(compute: (value: string) => string): (value: string) => string {
  let last: string | undefined;
  let answer = '';
  return (value) => {
    if (value !== last) {
      last = value;
      answer = compute(value);
    }
    return answer;
  };
}
