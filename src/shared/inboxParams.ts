// The inbox's path and query parameters, as the keyed routes and the MCP tools take them.
import Type from 'typebox';
import { INBOX_NAME_PATTERN } from './types';

export const InboxNameParams = Type.Object({
  name: Type.String({
    pattern: INBOX_NAME_PATTERN,
    description: 'an inbox name: 1 to 64 letters, digits, _ or - (the {name} of /_inbox/{name})',
  }),
});

export const MessagesQuery = Type.Object(
  {
    since: Type.Optional(
      Type.String({ maxLength: 100, description: 'a message id (msg_…): only messages received after it' }),
    ),
  },
  { additionalProperties: false },
);
