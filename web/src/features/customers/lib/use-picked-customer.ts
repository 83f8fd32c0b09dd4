import { useSearchParams } from 'react-router';

/** The customer a tool screen works on, kept in the URL (?customer=) so it survives a reload. */
export function usePickedCustomer() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('customer');
  const id = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  const pick = (next: number | null) =>
    setParams(next === null ? {} : { customer: String(next) }, { replace: true });
  return { id, pick };
}
