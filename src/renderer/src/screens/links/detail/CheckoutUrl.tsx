// The link's public checkout URL: copy it, or open it as the payer would see it (the desktop
// window hands window.open to the system browser).
import { CopyButton } from '../../../components/CopyButton';

export function CheckoutUrl({ url }: { url: string }) {
  return (
    <section className="checkout-url" aria-label="Checkout URL">
      <h4>Checkout URL</h4>
      <div className="checkout-url-row">
        <code className="mono ellipsis" title={url}>
          {url}
        </code>
        <CopyButton text={url} label="Copy the checkout URL" />
        <button
          type="button"
          className="button button-small"
          onClick={() => window.open(url, '_blank', 'noopener')}
        >
          Open
        </button>
      </div>
    </section>
  );
}
