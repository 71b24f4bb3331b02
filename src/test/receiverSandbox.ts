// An in-memory sandbox with a real webhook receiver beside it, for test files about deliveries:
// optionally with an endpoint already pointing at the receiver.
import { startTestSandbox, type TestSandbox, forTheFile } from './harness';
import { WebhookReceiver } from './webhookReceiver';

export interface ReceiverSandbox {
  sandbox: TestSandbox;
  receiver: WebhookReceiver;
  stop(): Promise<void>;
}

export async function startWithReceiver(options: { endpoint?: boolean } = {}): Promise<ReceiverSandbox> {
  const receiver = await WebhookReceiver.start();
  const sandbox = await startTestSandbox({ inMemory: true });
  if (options.endpoint) await sandbox.consoleApi('POST', '/endpoints', { url: receiver.url });
  return {
    sandbox,
    receiver,
    stop: async () => {
      await sandbox.stop();
      await receiver.stop();
    },
  };
}

/** The receiver a test file shares, started before its tests and stopped after them. */
export const fileReceiver = (): WebhookReceiver =>
  forTheFile(
    () => WebhookReceiver.start(),
    (receiver) => receiver.stop(),
  );
