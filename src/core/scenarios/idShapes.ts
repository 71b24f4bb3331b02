/**
 * Ids the sandbox makes, as they appear in a path, a query or a body: link ids (version 4
 * UUIDs), and evt_, dlv_, we_ and flt_ followed by hex digits. They differ on every run, so a
 * report that names a step or a request shows a placeholder in their place.
 */
export const ID_TOKEN =
  /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|\b(?:evt|dlv|we|flt)_[0-9a-f]{12,32}\b/g;

export const isIdToken = (text: string): boolean => new RegExp(`^(?:${ID_TOKEN.source})$`).test(text);

/** The path with every id replaced by what `placeholder` gives for it. */
export const replaceIds = (path: string, placeholder: (id: string) => string): string =>
  path.replace(ID_TOKEN, placeholder);
