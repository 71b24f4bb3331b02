/**
 * How much may wait unsent for one client of an event stream (the console's, the keyed log's). A
 * client that stops reading (a laptop asleep with the console open, `logs tail` whose output is
 * not read) would otherwise hold every event in the server's memory; past this it is disconnected,
 * and the CLI, which honours its output's backpressure and so stops reading too, says so.
 */
export const UNSENT_LIMIT_BYTES = 4 * 1024 * 1024;
