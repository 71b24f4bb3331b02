import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import {
  ResetBodySchema,
  ServerInfoSchema,
  StoreCountsSchema,
  StoreExportSchema,
  type ResetOptions,
} from '../../../shared/dataFolder';
import { MetaSchema } from '../../../shared/types';
import { exportFileName, exportStore } from '../../dataFolder/exportStore';
import { readImport } from '../../dataFolder/importStore';
import { resetContents } from '../../dataFolder/resetStore';
import { serverInfo, storeCounts } from '../../dataFolder/serverInfo';
import type { SandboxCore } from '../../sandboxCore';
import { consoleResponses } from '../apiSchemas';
import { emptyBodyAsObject, sendData } from '../respond';

const TAG = ['Console'];
/** An export holds the whole store, far beyond the API's 64 KiB bodies. */
const IMPORT_BODY_LIMIT = 512 * 1024 * 1024;
const CountsEnvelope = Type.Object({ data: StoreCountsSchema, meta: MetaSchema });

/** What the server runs with, and the data folder: export, import, reset. */
export function consoleDataRoutes(app: FastifyInstance, core: SandboxCore): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/_console/api/server',
    {
      schema: {
        tags: TAG,
        summary: 'What this run listens on and where it keeps its data',
        response: consoleResponses({ 200: Type.Object({ data: ServerInfoSchema, meta: MetaSchema }) }),
      },
    },
    (request, reply) => sendData(reply, 200, serverInfo(core)),
  );

  api.get(
    '/_console/api/store/export',
    {
      schema: {
        tags: TAG,
        summary: 'Download the whole store as one JSON file',
        description:
          'Settings, settlement account, links, webhook events, endpoints (with their secrets), deliveries and unexpired idempotency records, as an attachment. POST it to /_console/api/store/import to restore it.',
        response: consoleResponses({ 200: StoreExportSchema }),
      },
    },
    (request, reply) => {
      const now = core.clock.now();
      const file = JSON.stringify(exportStore(core.store.state, now));
      return reply
        .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
        .header('cache-control', 'no-store')
        .code(200)
        .type('application/json; charset=utf-8')
        .send(file);
    },
  );

  api.post(
    '/_console/api/store/reset',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAG,
        summary: 'Empty the store',
        description:
          'Removes every link, webhook event, delivery and idempotency record, and clears the request log. Settings and webhook endpoints stay unless keep_settings / keep_endpoints is false. Durable before it answers; the event stream then sends store.replaced.',
        body: ResetBodySchema,
        response: consoleResponses({ 200: CountsEnvelope }),
      },
    },
    async (request, reply) => {
      await core.replaceStore(resetContents(core.store.state, request.body as ResetOptions));
      return sendData(reply, 200, storeCounts(core.store.state));
    },
  );

  // The file is read as text, so a broken one is refused with the import's own words.
  void app.register(async (importScope) => {
    importScope.removeContentTypeParser('application/json');
    importScope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    importScope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/_console/api/store/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        // The schema documents the file; readImport checks it and names the place of a problem.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: TAG,
          summary: 'Replace the whole store with an export file',
          description:
            'The body is a file from GET /_console/api/store/export. It replaces everything, in one durable step. A file that is not JSON, not an export, of another schema version or with any invalid record is refused with 400 naming the first problem (links[3].amount …), and nothing is changed. The event stream then sends store.replaced.',
          body: StoreExportSchema,
          response: consoleResponses({ 200: CountsEnvelope }),
        },
      },
      async (request, reply) => {
        await core.replaceStore(readImport(String(request.body ?? ''), core.clock.now()));
        return sendData(reply, 200, storeCounts(core.store.state));
      },
    );
  });
}
