// Where the sandbox listens (a preference for its next start) and the base of checkout URLs.
import { useConsoleStore } from '../../store/consoleStore';
import { FormField } from '../../components/FormField';
import { SettingsSection } from './SettingsSection';
import type { SectionProps } from './sectionProps';

const SOURCE_TEXT = {
  flag: 'given with --port or PORT, which wins over this setting',
  preference: 'the preferred port below',
  default: 'the default',
} as const;

export function ServerSection({ draft, errors, change }: SectionProps) {
  const info = useConsoleStore((state) => state.serverInfo);
  const savedPort = useConsoleStore((state) => state.settings?.preferred_port ?? null);
  const wanted = savedPort ?? 4545;
  const restartNeeded =
    info !== null && info.port_source !== 'flag' && info.data_dir !== null && info.port !== wanted;
  return (
    <SettingsSection
      id="settings-server"
      title="Server"
      text="The port is read when the sandbox starts; the public URL applies to links created from now on."
    >
      <FormField
        name="preferred_port"
        label="Preferred port"
        hint={`From the next start, when no --port or PORT is given. Empty: 4545.${
          info ? ` Listening now on port ${info.port} (${SOURCE_TEXT[info.port_source]}).` : ''
        }`}
        value={draft.preferred_port}
        error={errors.preferred_port}
        onChange={change('preferred_port')}
        inputMode="numeric"
      />
      <FormField
        name="public_url"
        label="Public URL"
        hint={
          info?.public_url_flag
            ? '--public-url overrides this for the current run.'
            : `Base of checkout URLs (…/pay/{id}). Empty: this server's own address, ${info?.base_url ?? window.location.origin}.`
        }
        value={draft.public_url}
        error={errors.public_url}
        onChange={change('public_url')}
        inputMode="url"
      />
      {restartNeeded && (
        <p className="callout" role="status" data-testid="restart-prompt">
          Restart the sandbox to listen on port {wanted}: this run listens on {info.port}.
        </p>
      )}
      {info?.data_dir === null && (
        <p className="callout" role="status">
          This sandbox runs in memory (--in-memory): settings, the preferred port included, are lost when it
          stops.
        </p>
      )}
    </SettingsSection>
  );
}
