// One example API key everywhere the console shows a request to copy, so the empty states and
// "Connect your app" never disagree: the first accepted key when keys are restricted, else this.

/** Any well-formed sk_test_ key works unless the accepted keys are restricted. */
export const EXAMPLE_API_KEY = 'sk_test_sandbox';

export const exampleKey = (apiKeys: readonly string[] | undefined): string => apiKeys?.[0] ?? EXAMPLE_API_KEY;
