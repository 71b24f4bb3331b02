import { KeyedClient, NoAnswer } from '../keyedClient';
import type { StepRequest } from './stepRequests';

export type StepAnswer = { status: number; body: unknown } | { noAnswer: string };

/**
 * Sends one step's request, its body as written. A connection that drops, is refused or stays
 * silent past the timeout is an outcome the step reports, never an error that ends the run.
 */
export async function sendStep(
  base: string,
  key: string,
  request: StepRequest,
  timeoutMs: number,
): Promise<StepAnswer> {
  try {
    const answer = await new KeyedClient(base, key).send(request.method, request.path, {
      body: request.body,
      headers: request.headers,
      timeoutMs,
    });
    // Not JSON: compared as text.
    return { status: answer.status, body: answer.json === undefined ? answer.text : answer.json };
  } catch (err) {
    if (!(err instanceof NoAnswer)) throw err;
    return { noAnswer: err.timedOut ? `${err.reason} (--timeout)` : `no answer: ${err.reason}` };
  }
}
