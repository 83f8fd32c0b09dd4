import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { exchangeRateSchema, type ExchangeRate, type Page } from '@bankmanager/contracts';
import { getPage } from '@/lib/get-page';

export const RATES_PAGE_SIZE = 20;

/** GET /api/fx-rates — the day's rates per currency, newest business date first. */
export function getRates(page: number, signal?: AbortSignal): Promise<Page<ExchangeRate>> {
  return getPage('/fx-rates', exchangeRateSchema, { page, pageSize: RATES_PAGE_SIZE, signal });
}

export function useRates(page: number) {
  return useQuery({
    queryKey: ['fx-rates', page],
    queryFn: ({ signal }) => getRates(page, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
