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
import { consoleResponses } from '../apiSchemas';
import { emptyBodyAsObject, sendData } from '../respond';
import { readStreamedBody } from '../streamedBody';

const TAG = ['Console'];
/**
 * An export holds the whole store, far beyond the API's 64 KiB bodies. It is read as it arrives
 * and never held as one string, so the limit is not V8's string cap but what a store can sensibly
 * hold in memory: a million links make about 0.7 GiB of file.
 */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024 * 1024;
const CountsEnvelope = Type.Object({ data: StoreCountsSchema, meta: MetaSchema });

/** What the server runs with, and the data folder: export, import, reset. */
export function consoleDataRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/server',
    {
      schema: {
        tags: TAG,
        summary: 'What this run listens on and where it keeps its data',
        response: consoleResponses({ 200: Type.Object({ data: ServerInfoSchema, meta: MetaSchema }) }),
      },
    },
    (request, reply) => sendData(reply, 200, request.workspace.data.serverInfo()),
  );

  api.get(
    '/store/export',
    {
      schema: {
        tags: TAG,
        summary: 'Download the whole store as one JSON file',
        description:
          'Settings, settlement account, links, webhook events, endpoints (with their secrets), deliveries and unexpired idempotency records, as an attachment. POST it to /_console/api/store/import to restore it. The file is one consistent moment of the store, holding only changes already on disk (it waits for those on their way), streamed as it is written (chunked, one record per line), so a store of any size exports. A data directory that keeps refusing writes meanwhile answers 503 storage_unavailable.',
        response: consoleResponses({ 200: StoreExportSchema }),
      },
    },
    async (request, reply) => {
      const { name, file } = await request.workspace.data.export();
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .code(200)
        .type('application/json; charset=utf-8')
        .send(file);
    },
  );

  api.post(
    '/store/reset',
    {
      preValidation: emptyBodyAsObject,
      schema: {
        tags: TAG,
        summary: 'Empty the store',
        description:
          'Removes every link, webhook event, delivery and idempotency record, clears the request log and brings the sandbox clock home (real time, running), then applies the configuration file again, if the sandbox started with one. Settings and webhook endpoints stay unless keep_settings / keep_endpoints is false. The built-in inboxes keep their messages (POST /sandbox/reset empties them too). Durable before it answers; the event stream then sends store.replaced.',
        body: ResetBodySchema,
        response: consoleResponses({ 200: CountsEnvelope }),
      },
    },
    async (request, reply) => {
      await request.workspace.data.reset(request.body as ResetOptions);
      return sendData(reply, 200, request.workspace.data.counts());
    },
  );

  // The file is handed over unread, as a stream: it is read as it arrives, and a broken one is
  // refused with the import's own words.
  void app.register(async (importScope) => {
    importScope.removeContentTypeParser('application/json');
    importScope.addContentTypeParser('application/json', (_request, payload, done) => done(null, payload));
    importScope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/store/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        // The schema documents the file; readImport checks it and names the place of a problem.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: TAG,
          summary: 'Replace the whole store with an export file',
          description:
            'The body is a file from GET /_console/api/store/export, up to 4 GiB (413 beyond), read as it arrives. It replaces everything, in one durable step. A file that is not JSON, not an export, of another schema version, cut short, or with any record the API could not have produced (a value out of its bounds, fields that contradict each other, an unknown field at any depth, a repeated id, a reference to a record not in the file) is refused with 400 naming the first problem (links[3].amount …), and nothing is changed; so is an upload the client abandons. One import runs at a time: another sent while one runs is answered 409 import_in_progress (saying how long it has run and how much it has read), after its upload is read and dropped, and changes nothing. The event stream then sends store.replaced.',
          body: StoreExportSchema,
          response: consoleResponses({ 200: CountsEnvelope }, { 409: 'import_in_progress' }),
        },
      },
      async (request, reply) => {
        const counts = await readStreamedBody(request, reply, (body) => request.workspace.data.import(body));
        return sendData(reply, 200, counts);
      },
    );
    importScope.withTypeProvider<TypeBoxTypeProvider>().post(
      '/store/import/check',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          tags: TAG,
          summary: 'Check an export file as an import would, changing nothing',
          description:
            'The body is a file for POST /_console/api/store/import. It is read and checked exactly as an import reads it, and refused the same way (400 naming the first problem, 409 import_in_progress while an import or another check runs, 413 past 4 GiB); a good file is answered with how many records of each kind it holds. Nothing is changed either way: the console checks a file before it asks whether to replace everything with it.',
          body: StoreExportSchema,
          response: consoleResponses({ 200: CountsEnvelope }, { 409: 'import_in_progress' }),
        },
      },
      async (request, reply) =>
        sendData(
          reply,
          200,
          await readStreamedBody(request, reply, (body) => request.workspace.data.checkImport(body)),
        ),
    );
  });
}
