// A row's tick box that picks its webhook for Compare; a third pick is refused with its reason.
import { MAX_PICKS, type ComparePick } from '../../store/compareSlice';
import { useConsoleStore } from '../../store/consoleStore';

export function PickBox({ pick }: { pick: ComparePick }) {
  const picked = useConsoleStore((state) => state.compare.picks.some((p) => p.id === pick.id));
  const full = useConsoleStore((state) => state.compare.picks.length >= MAX_PICKS);
  const toggle = useConsoleStore((state) => state.togglePick);
  const refused = full && !picked;
  return (
    <input
      type="checkbox"
      className="pick-box"
      checked={picked}
      disabled={refused}
      aria-label={`Pick ${pick.label} to compare`}
      title={refused ? 'Two are picked: remove one to pick this one' : 'Pick to compare with another'}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      onChange={() => toggle(pick)}
    />
  );
}
