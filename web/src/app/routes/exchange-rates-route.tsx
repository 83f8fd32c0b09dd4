import { ExchangeRatesRoute } from '@/features/treasury-rates';
import { Guarded } from './guarded';

/** Any activated member of staff may read the day's rates; entering them needs treasury.rates. */
export default function ExchangeRatesPage() {
  return (
    <Guarded requiresActivation>
      <ExchangeRatesRoute />
    </Guarded>
  );
}
