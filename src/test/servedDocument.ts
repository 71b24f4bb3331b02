// A sandbox of a test file's own and the OpenAPI document it serves, for tests about the document.
import { forTheFile, startTestSandbox, type TestSandbox } from './harness';
import { openApiDocument } from './openApiCheck';

type Json = any;

export const fileDocument = (): { sandbox: TestSandbox; doc: Json } =>
  forTheFile(
    async () => {
      const sandbox = await startTestSandbox({ inMemory: true });
      return { sandbox, doc: (await openApiDocument(sandbox.origin)) as Json };
    },
    (served) => served.sandbox.stop(),
  );
