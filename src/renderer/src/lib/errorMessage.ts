// A readable sentence from whatever was thrown, for toasts.
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
