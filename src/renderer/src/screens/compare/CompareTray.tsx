// The picks for Compare, on the deliveries and the Inbox alike: which are picked, each removable,
// and Compare once there are two, which opens the comparison (App shows it over any screen).
import { ActionButton } from '../../components/ActionButton';
import { MAX_PICKS } from '../../store/compareSlice';
import { useConsoleStore } from '../../store/consoleStore';

export function CompareTray() {
  const picks = useConsoleStore((state) => state.compare.picks);
  const unpick = useConsoleStore((state) => state.unpick);
  const compare = useConsoleStore((state) => state.openCompare);
  if (picks.length === 0) return null;
  return (
    <div className="compare-tray" role="group" aria-label="Compare two webhooks">
      <span className="compare-count">
        {picks.length} of {MAX_PICKS} picked
      </span>
      <ul className="compare-picks">
        {picks.map((pick) => (
          <li key={pick.id} className="compare-pick">
            <span className="ellipsis mono" title={pick.label}>
              {pick.label}
            </span>
            <button
              type="button"
              className="button button-small"
              aria-label={`Remove ${pick.label} from the comparison`}
              onClick={() => unpick(pick.id)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ActionButton
        className="button button-small button-primary"
        disabledReason={
          picks.length < MAX_PICKS && 'Pick one more, a delivery or an inbox message, to compare'
        }
        onClick={() => void compare()}
      >
        Compare
      </ActionButton>
    </div>
  );
}
