// docs/contract.md §1: what an API key looks like, for every place that checks one (the server's
// auth, the configuration and store files, the CLI, the MCP server, scenario files).

/** A test-mode secret key, without anchors: sk_test_ followed by letters, digits or underscores. */
export const API_KEY_BODY = 'sk_test_[A-Za-z0-9_]+';
/** The same, anchored, as a JSON Schema `pattern`. */
export const API_KEY_PATTERN = `^${API_KEY_BODY}$`;
const API_KEY = new RegExp(API_KEY_PATTERN);
/** How the rule is said in an error or a schema's description. */
export const API_KEY_WORDS = 'sk_test_ followed by letters, digits or _';

export const isApiKey = (key: string): boolean => API_KEY.test(key);
