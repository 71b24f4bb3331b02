// The one search box over what webhooks carry (docs/contract.md §16), on the deliveries and the
// Inbox: free text or `path = value`. A query that cannot run says what is wrong under the box.
import { useId } from 'react';
import { PAYLOAD_SEARCH_HELP } from '../../../shared/payloadSearch';
import { useDebouncedSearch } from '../hooks/useDebouncedSearch';
import { fieldDescribedBy } from './FieldNotes';

interface PayloadSearchBoxProps {
  /** The search applied (the store's), which the box follows when it changes elsewhere. */
  value: string;
  onSearch(query: string): void;
  /** Names the box: "Search deliveries". */
  label: string;
  problem: string | null;
}

export function PayloadSearchBox({ value, onSearch, label, problem }: PayloadSearchBoxProps) {
  const [text, setText] = useDebouncedSearch(value, onSearch);
  const id = useId();
  return (
    <div className="payload-search">
      <label className="search">
        <span className="visually-hidden">{label}</span>
        <input
          type="search"
          placeholder="INV-1001 or data.reference_id = INV-1001"
          title={PAYLOAD_SEARCH_HELP}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={fieldDescribedBy(id, undefined, problem ?? undefined)}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {problem && (
        <p id={`${id}-error`} className="field-error payload-search-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
