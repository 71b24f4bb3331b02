import type { DeliveryAttempt, WebhookDelivery } from '../../shared/types';

/**
 * Every attempt of a delivery sends the same event JSON, and each records what it sent: left
 * alone, a delivery of 20 attempts holds 20 equal strings (60,000 attempts, 90 MB). An attempt
 * whose request body equals the one before takes that string instead, so memory holds one per
 * delivery, whether the attempt was just made, replayed from the journal or read from a snapshot.
 */
export function sharingRequestBody(
  attempt: DeliveryAttempt,
  previous: DeliveryAttempt | undefined,
): DeliveryAttempt {
  const body = previous?.request.body;
  if (body === undefined || body !== attempt.request.body) return attempt;
  return { ...attempt, request: { ...attempt.request, body } };
}

export function withSharedRequestBodies(delivery: WebhookDelivery): WebhookDelivery {
  if (delivery.attempts.length < 2) return delivery;
  const attempts: DeliveryAttempt[] = [];
  for (const attempt of delivery.attempts) attempts.push(sharingRequestBody(attempt, attempts.at(-1)));
  return { ...delivery, attempts };
}
