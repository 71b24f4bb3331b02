import type { SandboxCore } from '../sandboxCore';

export function openApiInfo(core: SandboxCore) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Payment Links Sandbox API',
      version: '1.0.0',
      description:
        "A local copy of the provider's Payment Links API. Amounts are integers in the minor unit of the sandbox's currency. Errors are { error: { type, code, message, param? }, meta: { request_id } }. Every response carries X-Request-Id.",
    },
    servers: [{ url: core.origin }],
    tags: [
      { name: 'Payment links', description: 'Create, retrieve, list and cancel payment links.' },
      { name: 'Sandbox', description: 'Sandbox-only operations.' },
    ],
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http' as const,
          scheme: 'bearer',
          description: 'A test-mode secret key: sk_test_…',
        },
      },
    },
  };
}
