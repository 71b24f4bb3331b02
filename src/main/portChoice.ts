import { dialog } from 'electron';
import { nextFreePort, StartError } from '../core';
import { APP_NAME } from '../core/defaultDataDir';

/**
 * When the port is taken, asks whether to use the next free one. Returns that port, or null
 * when the person would rather quit (or no port nearby is free, which it then says).
 */
export async function offerNextFreePort(err: unknown): Promise<number | null> {
  if (!(err instanceof StartError) || !err.portInUse) return null;
  const { host, port } = err.portInUse;
  const next = await nextFreePort(host, port);
  if (next === null) {
    dialog.showErrorBox(APP_NAME, `${err.message} No port from ${port + 1} to ${port + 100} is free either.`);
    return null;
  }
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    title: APP_NAME,
    message: `Port ${port} is already in use`,
    detail:
      `Another program is listening on ${host}:${port}. The sandbox can run on port ${next} instead; ` +
      `point your app at http://${host}:${next} for this session.`,
    buttons: [`Use port ${next}`, 'Quit'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
  });
  return response === 0 ? next : null;
}
