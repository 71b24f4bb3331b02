/** A store that cannot be opened: what is wrong, where, and what to do. Never leads to an overwrite. */
export class StoreFileError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly remedy: string,
  ) {
    super(`${file}: ${problem}; ${remedy}`);
    this.name = 'StoreFileError';
  }
}
