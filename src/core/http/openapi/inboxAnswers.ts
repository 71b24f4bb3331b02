import { operations, type Json } from './schemaWalk';

const INBOX = '/_inbox/{name}';

const SET_TO = 'PUT /sandbox/inbox/{name} sets the status';

/**
 * What the built-in inbox takes and answers (docs/contract.md §12), which no route schema can say:
 * any body of any Content-Type (or none), read raw, and whatever status from 200 to 599 the inbox
 * is set to answer, each with the receipt (none for 204 and 304). Where the inbox's own error
 * shares a status (400 for a bad name, 503 for a full disk), either may come. Run once the error
 * codes are narrowed, so each error keeps its enum beside the receipt.
 */
export function documentInboxAnswers(doc: Json): void {
  for (const { path, op } of operations(doc)) {
    if (path !== INBOX) continue;
    op.requestBody = {
      required: false,
      description: 'Any body, of any Content-Type, or none: recorded as sent (the first 256 KiB kept).',
      content: { '*/*': { schema: {} } },
    };
    const receipt = op.responses?.['200']?.content?.['application/json']?.schema;
    if (!receipt) continue;
    for (const [status, response] of Object.entries<Json>(op.responses)) {
      const media = response.content?.['application/json'];
      if (status === '200' || !media?.schema) continue;
      media.schema = { anyOf: [structuredClone(receipt), media.schema] };
      response.description = `${response.description}; or the receipt, when ${SET_TO} ${status}`;
    }
    for (const range of ['2XX', '3XX', '4XX', '5XX'])
      op.responses[range] = {
        description: `The receipt, with the status the inbox is set to answer (${SET_TO}: any from 200 to 599).`,
        content: { 'application/json': { schema: structuredClone(receipt) } },
      };
    for (const status of ['204', '304'])
      op.responses[status] = { description: `Set to answer ${status} (${SET_TO}): no body.` };
  }
}
