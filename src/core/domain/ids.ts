import { randomBytes, randomUUID } from 'node:crypto';

export const newLinkId = (): string => randomUUID();
export const newEventId = (): string => `evt_${randomUUID().replaceAll('-', '')}`;
export const newDeliveryId = (): string => `dlv_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
export const newEndpointId = (): string => `we_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
// Request ids need to be unique, not secret: a random prefix per process and a counter cost
// nothing per request, and still never repeat across restarts.
const requestPrefix = randomBytes(6).toString('hex');
let requestCounter = 0;
export const newRequestId = (): string =>
  `req_${requestPrefix}${(requestCounter++).toString(36).padStart(8, '0')}`;
