// The body of a clock advance (docs/contract.md §11): the API's, the console's, the MCP tool's,
// and the bound a configuration file's or the CLI's clock offset is held to.
import Type from 'typebox';

/** Ten years: beyond any link's lifetime or settlement delay, and far from where a Date ends. */
export const MAX_ADVANCE_SECONDS = 10 * 365 * 86_400;

const Seconds = Type.Integer({
  minimum: 1,
  maximum: MAX_ADVANCE_SECONDS,
  description: `an integer from 1 to ${MAX_ADVANCE_SECONDS} (the clock only moves forward)`,
});
const To = Type.String({
  format: 'date-time',
  description: 'an RFC 3339 date-time with a zone, at or after now',
});

export const AdvanceBodySchema = Type.Object(
  { seconds: Type.Optional(Seconds), to: Type.Optional(To) },
  { additionalProperties: false },
);

/** The two bodies the document offers (oneOf): the route validates the flat one, advanceOf the choice. */
export const AdvanceBySecondsSchema = Type.Object({ seconds: Seconds }, { additionalProperties: false });
export const AdvanceToSchema = Type.Object({ to: To }, { additionalProperties: false });
