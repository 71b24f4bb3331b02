// Puts the chosen theme on <html data-theme>; "system" leaves it to prefers-color-scheme.
import { useEffect } from 'react';
import { useConsoleStore } from '../store/consoleStore';

export function useThemeEffect(): void {
  const theme = useConsoleStore((state) => state.theme);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);
}
