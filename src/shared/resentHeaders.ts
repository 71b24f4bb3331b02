// What a request sent again (the console's Replay, a copied curl command) leaves out of the
// headers it was logged with: they belong to the first connection, or mark the replay itself.

/** Set by the console's Replay so the new log entry names the one it repeats. */
export const REPLAY_OF_HEADER = 'x-sandbox-replay-of';

export const NOT_RESENT: readonly string[] = [
  'content-length',
  'transfer-encoding',
  'connection',
  REPLAY_OF_HEADER,
];
