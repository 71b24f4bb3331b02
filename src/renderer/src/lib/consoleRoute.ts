// The console's addresses: every screen and every open object has one, in the URL's hash, so a
// reload, Back and Forward and a shared link all land where the tester was.
import { INBOX_NAME_PATTERN } from '../../../shared/types';
import { readLinksView, writeLinksView, type LinksView } from './linksQuery';
import { SCREENS, type Screen } from './screens';

export interface ConsoleRoute {
  screen: Screen;
  /** The link open in the Links screen's detail panel. */
  linkId?: string;
  /** The Webhooks screen's Events list (its Deliveries list has no word of its own). */
  webhooksView?: 'events';
  /** The delivery open in the inspector (over any screen). */
  deliveryId?: string;
  /** The request open in the Requests screen, by its seq, and its request id (seqs restart with the sandbox). */
  requestSeq?: number;
  requestId?: string;
  /** The inbox shown in the Inbox screen, when not the default one or when a message is open. */
  inboxName?: string;
  /** The message open in the Inbox screen. */
  inboxMessageId?: string;
  /** The Requests screen's filter, so a filtered view ("the requests that name this link") can be shared. */
  requestQuery?: string;
  /** The Links screen's filter, search and order, when not the plain list (see linksQuery). */
  linksView?: LinksView;
  /**
   * The search over what webhooks carry (docs/contract.md §16): the Webhooks screen's deliveries'
   * or the Inbox's, so a shared address shows the same matches.
   */
  payloadQuery?: string;
}

/** The longest search the API takes (shared/payloadSearch.ts): a longer one is kept, to be refused in words. */
const PAYLOAD_QUERY_KEPT = 1_000;

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const INBOX = new RegExp(INBOX_NAME_PATTERN);
const MESSAGE = /^msg_[0-9a-f]{8}_[1-9][0-9]{0,15}$/;

/**
 * `#/links`, `#/links/<id>`, `#/requests/<seq>`, `#/inbox/<name>/<message id>`, `#/settings`…,
 * each optionally followed by `/deliveries/<id>` for the inspector, Requests by `?q=<filter>` and
 * Links by its view (`?status=pending&sort=amount…`), the deliveries and an inbox by `?q=<search>`;
 * anything unknown reads as Links.
 */
export function parseRoute(hash: string): ConsoleRoute {
  const [path = '', search = ''] = hash.replace(/^#\/?/, '').split('?', 2);
  const parts = path.split('/').filter(Boolean).map(safeDecode);
  const screen = SCREENS.find((s) => s === parts[0]);
  if (!screen) return { screen: 'links' };
  const route: ConsoleRoute = { screen };
  const inspector = parts.indexOf('deliveries');
  if (inspector > 0 && ID.test(parts[inspector + 1] ?? '')) route.deliveryId = parts[inspector + 1];
  const object = parts[1] !== 'deliveries' ? parts[1] : undefined;
  if (object && route.screen === 'links' && ID.test(object)) route.linkId = object;
  if (object === 'events' && route.screen === 'webhooks') route.webhooksView = 'events';
  if (object && route.screen === 'requests' && /^[1-9]\d{0,14}$/.test(object)) {
    route.requestSeq = Number(object);
    if (/^req_[0-9a-z]{1,64}$/.test(parts[2] ?? '')) route.requestId = parts[2];
  }
  const query = route.screen === 'requests' ? new URLSearchParams(search).get('q')?.trim() : undefined;
  if (query) route.requestQuery = query.slice(0, 200);
  const payloadQuery = searchable(route) ? new URLSearchParams(search).get('q')?.trim() : undefined;
  if (payloadQuery) route.payloadQuery = payloadQuery.slice(0, PAYLOAD_QUERY_KEPT);
  if (route.screen === 'links') {
    const view = readLinksView(new URLSearchParams(search));
    if (writeLinksView(view)) route.linksView = view;
  }
  if (object && route.screen === 'inbox' && INBOX.test(object)) {
    route.inboxName = object;
    if (MESSAGE.test(parts[2] ?? '')) route.inboxMessageId = parts[2];
  }
  return route;
}

export function formatRoute(route: ConsoleRoute): string {
  const parts: string[] = [route.screen];
  if (route.screen === 'links' && route.linkId) parts.push(route.linkId);
  if (route.screen === 'webhooks' && route.webhooksView) parts.push(route.webhooksView);
  if (route.screen === 'requests' && route.requestSeq !== undefined) {
    parts.push(String(route.requestSeq));
    if (route.requestId) parts.push(route.requestId);
  }
  if (route.screen === 'inbox' && route.inboxName !== undefined) {
    parts.push(route.inboxName);
    if (route.inboxMessageId) parts.push(route.inboxMessageId);
  }
  if (route.deliveryId) parts.push('deliveries', route.deliveryId);
  const q =
    route.screen === 'requests' ? route.requestQuery : searchable(route) ? route.payloadQuery : undefined;
  const search = q
    ? `?${new URLSearchParams({ q }).toString()}`
    : route.screen === 'links' && route.linksView
      ? writeLinksView(route.linksView)
      : '';
  return `#/${parts.map(encodeURIComponent).join('/')}${search}`;
}

const searchable = (route: ConsoleRoute) =>
  (route.screen === 'webhooks' && route.webhooksView !== 'events') || route.screen === 'inbox';

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
