/**
 * Resolves after the event loop has polled for I/O once: a long job awaits it between slices so
 * requests that arrived meanwhile are answered, even when each slice's commit resolves at once.
 */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
