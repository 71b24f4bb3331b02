// The base URL and the example key, each with its own Copy button: what an app needs to connect.
import { exampleKey } from '../../../shared/exampleKey';
import { DEFAULT_WORKSPACE } from '../../../shared/workspaceKey';
import { shownWorkspace } from '../lib/consoleWorkspace';
import { useConsoleStore } from '../store/consoleStore';
import { CopyButton } from './CopyButton';

/** The key the console's examples use, from the loaded settings (the same one on every screen). */
export const useExampleKey = (): string =>
  exampleKey(
    useConsoleStore((s) => s.settings?.api_keys),
    shownWorkspace(),
  );

export function ConnectFacts({
  baseUrl,
  apiKey,
  restricted,
}: {
  baseUrl: string;
  apiKey: string;
  restricted: boolean;
}) {
  return (
    <dl className="connect-facts">
      <dt>Base URL</dt>
      <dd>
        <code data-testid="connect-base-url">{baseUrl}</code>{' '}
        <CopyButton text={baseUrl} label="Copy the base URL" />
      </dd>
      <dt>API key</dt>
      <dd>
        <code data-testid="connect-key">{apiKey}</code> <CopyButton text={apiKey} label="Copy the API key" />
        <span className="muted">
          {restricted
            ? ' (the first accepted key)'
            : shownWorkspace() === DEFAULT_WORKSPACE
              ? ' (any sk_test_ key works)'
              : ' (the key of this workspace)'}
        </span>
      </dd>
    </dl>
  );
}
