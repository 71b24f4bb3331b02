// One card of the Settings screen: a title, what it is about, and its fields.
import type { ReactNode } from 'react';

export function SettingsSection({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <section className="settings-card" aria-labelledby={`${id}-title`}>
      <header className="settings-card-header">
        <h3 id={`${id}-title`}>{title}</h3>
        <p className="muted">{text}</p>
      </header>
      <div className="settings-grid">{children}</div>
    </section>
  );
}
