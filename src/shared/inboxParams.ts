// The inbox's path and query parameters, as the keyed routes and the MCP tools take them.
import Type from 'typebox';
import { INBOX_NAME_PATTERN } from './types';
import { PayloadSearchParam } from './listQueries';

export const InboxNameParams = Type.Object({
  name: Type.String({
    pattern: INBOX_NAME_PATTERN,
    description: 'an inbox name: 1 to 64 letters, digits, _ or - (the {name} of /_inbox/{name})',
  }),
});

/** An inbox message's id, `msg_<run>_<n>` (core/inbox/messageIds.ts reads the two parts). */
export const MESSAGE_ID_PATTERN = '^msg_[0-9a-f]{8}_[1-9][0-9]{0,15}$';

export const MessagesQuery = Type.Object(
  {
    since: Type.Optional(
      Type.String({
        pattern: MESSAGE_ID_PATTERN,
        description: 'a message id (msg_…) as a list returned it: only messages received after it',
      }),
    ),
    q: PayloadSearchParam,
  },
  { additionalProperties: false },
);

/** The console's list of an inbox's messages: only the search (the newest 1,000 are one page). */
export const ConsoleMessagesQuery = Type.Object({ q: PayloadSearchParam }, { additionalProperties: false });
