// The console's screens, in the sidebar's order.
export const SCREENS = ['links', 'webhooks', 'inbox', 'requests', 'faults', 'settings'] as const;
export type Screen = (typeof SCREENS)[number];
