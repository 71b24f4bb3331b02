import { randomUUID } from 'node:crypto';

export const newLinkId = (): string => randomUUID();
export const newEventId = (): string => `evt_${randomUUID().replaceAll('-', '')}`;
export const newRequestId = (): string => `req_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
