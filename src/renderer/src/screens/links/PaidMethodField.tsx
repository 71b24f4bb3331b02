// The payment_method a Paid action records, for one link or a selection: a common one from the
// list, or any text of up to 50 characters (what /sandbox/simulate accepts).
import { useConsoleStore } from '../../store/consoleStore';

const COMMON = ['card', 'bank_transfer', 'ewallet', 'virtual_account', 'qris'];

export function PaidMethodField({ id = 'paid-method' }: { id?: string }) {
  const method = useConsoleStore((state) => state.paidMethod);
  const setMethod = useConsoleStore((state) => state.setPaidMethod);
  return (
    <label className="field-inline paid-method" htmlFor={id}>
      <span>Paid by</span>
      <input
        id={id}
        type="text"
        list={`${id}-options`}
        maxLength={50}
        placeholder="card"
        value={method}
        title="The payment_method Paid records (empty: card)"
        onChange={(event) => setMethod(event.target.value)}
      />
      <datalist id={`${id}-options`}>
        {COMMON.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
    </label>
  );
}
