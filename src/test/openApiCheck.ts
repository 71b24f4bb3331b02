import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

interface OpenApiDoc {
  openapi: string;
  components?: Record<string, unknown>;
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
}

const documents = new Map<string, Promise<OpenApiDoc>>();
const validators = new Map<string, ValidateFunction>();
/** An Ajv for the served document's schemas: OpenAPI keywords allowed, formats checked. */
export function documentAjv(allErrors = true): Ajv {
  const ajv = new Ajv({ strict: false, allErrors });
  addFormats(ajv);
  return ajv;
}

const ajv = documentAjv();

export function openApiDocument(origin: string): Promise<OpenApiDoc> {
  let doc = documents.get(origin);
  if (!doc) {
    doc = fetch(`${origin}/openapi.json`).then((r) => r.json() as Promise<OpenApiDoc>);
    documents.set(origin, doc);
  }
  return doc;
}

/** The document's path template a concrete path (query and all) is an instance of. */
export function templateFor(doc: OpenApiDoc, path: string): string | undefined {
  const bare = path.split('?')[0] as string;
  // A literal segment wins over a parameter: /links/position is not /links/{id}.
  const params = (template: string) => template.split('{').length;
  return Object.keys(doc.paths)
    .filter((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare))
    .sort((a, b) => params(a) - params(b))[0];
}

/**
 * Fails when an API response does not match what /openapi.json documents for that operation and
 * status. Paths the document does not describe (the checkout page, 404 for unknown routes) are skipped.
 */
export async function checkAgainstOpenApi(
  origin: string,
  method: string,
  path: string,
  status: number,
  body: unknown,
): Promise<void> {
  const doc = await openApiDocument(origin);
  const template = templateFor(doc, path);
  const operation = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
  if (!operation) return;
  // An exact status first, then its range (4XX), as OpenAPI reads them.
  const response = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`OpenAPI documents no ${status} response for ${method} ${template}`);
  const id = `${origin} ${method} ${template} ${status}`;
  let validate = validators.get(id);
  if (!validate) {
    // Wrapped with the document's components, so its $refs (#/components/schemas/…) resolve.
    validate = ajv.compile({ allOf: [schema], components: doc.components });
    validators.set(id, validate);
  }
  if (!validate(body)) {
    throw new Error(
      `${method} ${path} → ${status} does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`,
    );
  }
}
