import { useMutation, useQueryClient } from '@tanstack/react-query';
import { exchangeRateSchema, type ExchangeRate, type ExchangeRateInput } from '@bankmanager/contracts';
import { api } from '@/lib/api-client';

/** PUT /api/fx-rates/:currency/:date — enters or corrects a day's buy, sell and mid rate. */
export function setRate(currency: string, date: string, body: ExchangeRateInput): Promise<ExchangeRate> {
  return api.put(`/fx-rates/${encodeURIComponent(currency)}/${encodeURIComponent(date)}`, {
    body,
    schema: exchangeRateSchema,
  });
}

export function useSetRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { currency: string; date: string; body: ExchangeRateInput }) =>
      setRate(v.currency, v.date, v.body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['fx-rates'] }),
  });
}
