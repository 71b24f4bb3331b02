import type { Readable } from 'node:stream';
import type { ResetCounts, ResetOptions, ServerInfo, StoreCounts } from '../../shared/dataFolder';
import type { SandboxCore } from '../sandboxCore';
import { exportFileName, exportStream } from './exportStore';
import { checkImportFile, importFile } from './importStore';
import { resetSandbox } from './resetStore';
import { serverInfo, storeCounts } from './serverInfo';

/** The sandbox's data as a whole, for the console and /sandbox/reset: counts, export, import, reset. */
export class DataFolderService {
  constructor(private readonly core: SandboxCore) {}

  /** How many records of each kind the store holds now. */
  counts(): StoreCounts {
    return storeCounts(this.core.store.state);
  }

  /** What this run listens on and keeps its data in, for the Settings screen. */
  serverInfo(): ServerInfo {
    return serverInfo(this.core);
  }

  /** The whole store as one file (exportStore.ts), and the name to save it under. */
  async export(): Promise<{ name: string; file: Readable }> {
    const now = this.core.clock.now();
    return { name: exportFileName(now), file: await exportStream(this.core.store, now) };
  }

  /** Replaces the store with an export file, one import at a time (importTurn.ts). */
  async import(body: AsyncIterable<Uint8Array>): Promise<StoreCounts> {
    await this.core.imports.run(body, (file) => importFile(this.core, file));
    return this.counts();
  }

  /**
   * Reads and checks an export file as an import would, and says what it holds; nothing changes.
   * It takes the import turn: it holds the file's records as an import does.
   */
  checkImport(body: AsyncIterable<Uint8Array>): Promise<StoreCounts> {
    return this.core.imports.run(body, (file) => checkImportFile(this.core, file));
  }

  /** The one reset (resetStore.ts): what it removed. */
  reset(options: ResetOptions & { inboxes?: boolean }): Promise<ResetCounts> {
    return resetSandbox(this.core, options);
  }
}
