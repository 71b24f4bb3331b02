/** Bad usage of a command (a flag, a variable, their values): said in one line, exit 2. */
export class UsageError extends Error {}
