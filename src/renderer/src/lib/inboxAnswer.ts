// Pure helpers for the Inbox screen: its URL, and the answer form's text as settings and back.
import { INBOX_LIMITS } from '../../../shared/inboxLimits';
import type { InboxSettings } from '../../../shared/types';

/** The inbox a fresh sandbox offers, and the one the Webhooks screen adds in one click. */
export const DEFAULT_INBOX = 'default';

/** The server keeps at most this many inboxes, the most recently used; the console lists no more. */
export const INBOX_CAP = INBOX_LIMITS.inboxes;

/** The server keeps each inbox's newest this many; the console keeps no more. */
export const INBOX_MESSAGE_CAP = INBOX_LIMITS.messagesPerInbox;

/** All inboxes' messages together, in memory and in the data folder (docs/storage.md, "The inbox"). */
export const INBOX_TOTAL_MIB = INBOX_LIMITS.totalBytes / (1024 * 1024);

/** Where senders post to an inbox on the server at `origin` (the console's own). */
export const inboxUrl = (name: string, origin: string): string => `${origin}/_inbox/${name}`;

export interface AnswerDraft {
  status: string;
  delay_ms: string;
  sequence: string;
}

export const draftOf = (settings: InboxSettings): AnswerDraft => ({
  status: String(settings.status),
  delay_ms: String(settings.delay_ms),
  sequence: settings.sequence.join(', '),
});

/** Each field as the server wants it, or the field's problem; the server checks the ranges again. */
export function parseDraft(
  draft: AnswerDraft,
): { settings: InboxSettings } | { errors: Partial<Record<keyof AnswerDraft, string>> } {
  const errors: Partial<Record<keyof AnswerDraft, string>> = {};
  const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const status = whole(draft.status);
  if (!(status >= 200 && status <= 599)) errors.status = 'An HTTP status from 200 to 599.';
  const delay = draft.delay_ms.trim() === '' ? 0 : whole(draft.delay_ms);
  if (!(delay >= 0 && delay <= 60_000)) errors.delay_ms = 'Milliseconds from 0 to 60000.';
  const parts = draft.sequence.split(/[\s,]+/).filter((part) => part !== '');
  const sequence = parts.map(whole);
  if (sequence.some((s) => !(s >= 200 && s <= 599)))
    errors.sequence = 'Statuses from 200 to 599, separated by commas, such as 500, 500, 200.';
  if (Object.keys(errors).length > 0) return { errors };
  return { settings: { status, delay_ms: delay, sequence } };
}

/** "500 → 500 → 200, then 200", for what the inbox answers next. */
export function describeAnswer(settings: InboxSettings, used: number): string {
  const left = settings.sequence.slice(used);
  const delay = settings.delay_ms > 0 ? ` after ${settings.delay_ms} ms` : '';
  if (left.length === 0) return `Answers ${settings.status}${delay}.`;
  return `Answers ${left.join(' → ')}, then ${settings.status}${delay}.`;
}

/**
 * Where the sequence stands: "500, 500, 200 — 1 of 3 used", or once every entry has answered,
 * "500, 500, 200 — used up, answering 200 now" (the inbox then answers Status). Null without one.
 */
export function sequenceState(settings: InboxSettings, used: number): { text: string; done: boolean } | null {
  const { sequence } = settings;
  if (sequence.length === 0) return null;
  const listed = sequence.join(', ');
  if (used >= sequence.length)
    return { text: `${listed} — used up, answering ${settings.status} now`, done: true };
  return { text: `${listed} — ${used} of ${sequence.length} used`, done: false };
}
