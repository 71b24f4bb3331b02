// "Skip to deliveries": past the queue switch and every endpoint's controls, straight to the first
// delivery (or, with none, the Deliveries panel's own controls). Out of sight until focused.
const PANEL = 'section[aria-labelledby="deliveries-title"]';

function skip(): void {
  const panel = document.querySelector<HTMLElement>(PANEL);
  const target =
    panel?.querySelector<HTMLElement>('[role="row"][data-delivery-id][aria-rowindex="2"]') ??
    panel?.querySelector<HTMLElement>('.table-scroll') ??
    panel?.querySelector<HTMLElement>('select, button:not(:disabled), input');
  target?.focus();
  target?.scrollIntoView({ block: 'nearest' });
}

export function SkipToDeliveries() {
  return (
    <a
      className="skip-link"
      href="#deliveries-title"
      onClick={(event) => {
        // Focus, not navigation: the address is the console's own.
        event.preventDefault();
        skip();
      }}
    >
      Skip to deliveries
    </a>
  );
}
