// The screens still to come, saying what they will hold.
import type { Screen } from '../store/uiSlice';

const COMING: Record<Exclude<Screen, 'links'>, { title: string; text: string }> = {
  webhooks: {
    title: 'Webhooks',
    text: 'Coming next: add endpoints and rotate their secrets, follow every delivery and its attempts, resend or retry them, and pause the queue.',
  },
  requests: {
    title: 'Requests',
    text: 'Coming next: every API request as it happens, with its status, duration, key and idempotency key.',
  },
  settings: {
    title: 'Settings',
    text: 'Coming next: currency, fees, link lifetime, settlement delay, API keys and the webhook retry schedule.',
  },
};

export function PlaceholderScreen({ screen }: { screen: Exclude<Screen, 'links'> }) {
  const { title, text } = COMING[screen];
  return (
    <section className="screen" aria-labelledby="screen-title">
      <header className="screen-header">
        <h2 id="screen-title">{title}</h2>
      </header>
      <div className="empty-state">
        <p className="empty-title">Not here yet</p>
        <p>{text}</p>
      </div>
    </section>
  );
}
