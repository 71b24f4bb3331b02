// What a request sent again (the console's Replay, a copied curl command) leaves out of the
// headers it was logged with: they belong to the first connection, or mark the replay itself.

/** Set by the console's Replay so the new log entry names the one it repeats. */
export const REPLAY_OF_HEADER = 'x-sandbox-replay-of';

/** The first connection's own (hop by hop), and the replay's mark. */
export const NOT_RESENT: readonly string[] = [
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'proxy-connection',
  REPLAY_OF_HEADER,
];

/** What a copy sent elsewhere leaves out too: curl and Forward to… set Host for their own URL. */
export const NOT_COPIED: ReadonlySet<string> = new Set(['host', ...NOT_RESENT]);
