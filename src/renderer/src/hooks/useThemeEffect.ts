// Puts the theme on <html data-theme="light|dark">. "system" follows prefers-color-scheme, here
// rather than in CSS, so the stylesheet holds each palette once.
import { useEffect } from 'react';
import { useConsoleStore } from '../store/consoleStore';

export function useThemeEffect(): void {
  const theme = useConsoleStore((state) => state.theme);
  useEffect(() => {
    const root = document.documentElement;
    const systemDark = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      root.dataset.theme = theme === 'system' ? (systemDark.matches ? 'dark' : 'light') : theme;
    };
    apply();
    if (theme !== 'system') return undefined;
    systemDark.addEventListener('change', apply);
    return () => systemDark.removeEventListener('change', apply);
  }, [theme]);
}
