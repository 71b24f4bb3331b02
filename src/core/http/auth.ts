import type { Settings } from '../../shared/types';
import { SandboxError } from '../errors';
import { API_KEY_WORDS, isApiKey } from '../../shared/apiKey';

/** docs/contract.md §1: the API key a request carries, or why it is refused. */
export function authenticate(header: string | undefined, settings: Settings): string {
  if (header === undefined || header.trim() === '') {
    throw new SandboxError(
      'api_key_missing',
      'No API key provided. Send it as "Authorization: Bearer sk_test_..." (a test-mode secret key).',
    );
  }
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  const key = match?.[1];
  if (key === undefined) {
    throw new SandboxError(
      'api_key_invalid',
      'The Authorization header must be "Bearer <API key>", with a key such as sk_test_123.',
    );
  }
  if (key.startsWith('sk_live_')) {
    throw new SandboxError(
      'api_key_live_mode',
      'The sandbox accepts only test-mode secret keys; use a key starting with sk_test_ instead of sk_live_.',
    );
  }
  if (!isApiKey(key)) {
    throw new SandboxError(
      'api_key_invalid',
      `Invalid API key ${key.slice(0, 12)}…: keys are ${API_KEY_WORDS}.`,
    );
  }
  if (settings.api_keys.length > 0 && !settings.api_keys.includes(key)) {
    throw new SandboxError(
      'api_key_invalid',
      `API key ${key.slice(0, 12)}… is not one of the keys this sandbox accepts (Settings → accepted keys).`,
    );
  }
  return key;
}
