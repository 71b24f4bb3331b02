// What the built-in inboxes keep (docs/storage.md, "The inbox"): the core applies it, the console says it.
export const INBOX_LIMITS = {
  /** docs/contract.md §12: each inbox keeps its newest 1,000. */
  messagesPerInbox: 1000,
  /** Names beyond this push out the least recently used inbox, settings and all. */
  inboxes: 256,
  /**
   * All inboxes together; past it the oldest messages, whichever inbox holds them, go first. The
   * inbox log in the data folder keeps the same budget of JSON (docs/storage.md).
   */
  totalBytes: 64 * 1024 * 1024,
};
export type InboxLimits = typeof INBOX_LIMITS;
