// Cycles the colour theme: follow the system, light, dark.
import { useConsoleStore } from '../store/consoleStore';
import type { ThemeChoice } from '../store/uiSlice';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const LABEL: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

export function ThemeToggle() {
  const theme = useConsoleStore((state) => state.theme);
  const setTheme = useConsoleStore((state) => state.setTheme);
  return (
    <button
      type="button"
      className="button button-small theme-toggle"
      onClick={() => setTheme(NEXT[theme])}
      title={`Switch to the ${LABEL[NEXT[theme]].toLowerCase()} theme`}
    >
      Theme: {LABEL[theme]}
    </button>
  );
}
