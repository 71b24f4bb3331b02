// The desktop window's bridge (src/preload), or undefined in a browser.
import type { DesktopBridge } from '../../../shared/desktopBridge';

export const desktop: DesktopBridge | undefined = (window as { sandboxDesktop?: DesktopBridge })
  .sandboxDesktop;
