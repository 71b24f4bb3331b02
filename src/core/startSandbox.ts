import type { FastifyInstance } from 'fastify';
import { createApp, type AppOptions } from './http/createApp';
import { newConsoleToken, isLoopbackHost } from './http/consoleToken';
import { SandboxCore, type ListeningInfo } from './sandboxCore';
import { Workspaces, type WorkspacesOptions } from './workspaces/workspaces';
import { workspaceOptions } from './workspaces/workspaceOptions';
import { DEFAULT_WORKSPACE } from '../shared/workspaceKey';
import { localOrigin } from '../shared/serverOrigin';
import { DEFAULT_PORT } from './settings';

export interface StartOptions extends WorkspacesOptions, AppOptions {
  /** 0 picks any free port; omitted, the preferred_port setting, else 4545. */
  port?: number;
}

export interface RunningSandbox {
  /** The workspace `default`: the sandbox as it always was. */
  core: SandboxCore;
  /** Every workspace (docs/contract.md §15). */
  workspaces: Workspaces;
  app: FastifyInstance;
  /** http://host:port the API answers on (the real port when 0 was asked for). */
  origin: string;
  /** Where a person opens the console: the origin, plus ?token=… when the console has one. */
  consoleUrl: string;
  close(): Promise<void>;
}

/** A start-up failure a person can act on: one line saying what, where and what to do. */
export class StartError extends Error {
  override name = 'StartError';

  constructor(
    message: string,
    /** Set when the port was taken, so a shell can offer another instead of only failing. */
    readonly portInUse?: { host: string; port: number },
  ) {
    super(message);
  }
}

export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const consoleToken = options.consoleToken ?? (isLoopbackHost(host) ? undefined : newConsoleToken());
  const core = await SandboxCore.open(workspaceOptions(DEFAULT_WORKSPACE, options));
  let workspaces: Workspaces | undefined;
  let app: FastifyInstance | undefined;
  try {
    workspaces = await Workspaces.open(core, options);
    app = await createApp(workspaces, { ...options, host, consoleToken });
    // The configuration file's preferred port counts before the store's (it is applied below).
    const declared = core.configuration?.settings?.preferred_port;
    const preferred = declared === undefined ? core.settings.preferred_port : declared;
    const portSource: ListeningInfo['portSource'] =
      options.port !== undefined ? 'flag' : preferred !== null ? 'preference' : 'default';
    const port = options.port ?? preferred ?? DEFAULT_PORT;
    try {
      await app.listen({ port, host });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') {
        const why = portSource === 'preference' ? ' (the preferred port in Settings)' : '';
        throw new StartError(
          `Port ${port}${why} on ${host} is already in use by another program; stop it, or choose another port with --port or PORT (--port 0 picks any free one).`,
          { host, port },
        );
      }
      if (code === 'EACCES')
        throw new StartError(
          `Not allowed to listen on ${host}:${port}; choose a port above 1023 with --port.`,
        );
      if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
        throw new StartError(
          `Cannot listen on host ${host}: no such address on this machine; use --host 127.0.0.1.`,
        );
      }
      throw err;
    }
    const address = app.server.address();
    const realPort = typeof address === 'object' && address ? address.port : port;
    workspaces.listening(localOrigin(host, realPort), {
      host,
      port: realPort,
      portSource,
    });
    // Read once the server answers, so a long log never delays the start (docs/performance.md).
    void core.requests.load();
    await core.configure();
    // The other workspaces too, one by one; a request for one opens it first (workspaces.ts).
    void workspaces.opened();
    const started = app;
    const all = workspaces;
    return {
      core,
      workspaces: all,
      app: started,
      origin: core.origin,
      consoleUrl: `${core.origin}/${consoleToken ? `?token=${consoleToken}` : ''}`,
      close: async () => {
        await started.close();
        await all.close();
      },
    };
  } catch (err) {
    await app?.close().catch(() => undefined);
    if (workspaces) await workspaces.close();
    else await core.close();
    throw err;
  }
}
