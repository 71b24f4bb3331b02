import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK's stdio transport, answering a line it cannot take as JSON-RPC 2.0 asks: -32700 for one
 * that is not JSON, -32600 for JSON that is not a message, each with id null (none can be read),
 * and one line on stderr. The SDK only hands such a line to onerror, so a client that sent it waited
 * for an answer that never came (issue 28). Other transport errors are said on stderr.
 */
export function stdioTransport(log: (line: string) => void): StdioServerTransport {
  const transport = new StdioServerTransport();
  transport.onerror = (error) => {
    const refusal =
      error instanceof SyntaxError
        ? { code: ErrorCode.ParseError, message: `Parse error: ${error.message}` }
        : error.name === 'ZodError'
          ? { code: ErrorCode.InvalidRequest, message: 'Invalid Request: not a JSON-RPC 2.0 message' }
          : null;
    if (!refusal) {
      log(`stdin: ${error.message.split('\n')[0]}`);
      return;
    }
    log(`a line on stdin was refused with ${refusal.code} (${refusal.message})`);
    // Written as the transport writes, one line; the SDK's message type has no room for id null.
    process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: refusal })}\n`);
  };
  return transport;
}
