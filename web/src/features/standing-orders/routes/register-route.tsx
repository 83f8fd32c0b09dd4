import { useBusinessDate } from '@/lib/business-date';
import { OrdersList } from '../components/orders-list';
import { RegisterForm } from '../components/register-form';

/** Transaction → Standing Orders → Register: register, amend, cancel and find orders. */
export function StandingOrdersRegisterRoute() {
  const date = useBusinessDate();
  return (
    <main className="mx-auto w-full max-w-6xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-semibold">Standing Orders</h1>
      {date.data ? <RegisterForm businessDate={date.data.business_date} /> : <p role="status">Loading...</p>}
      <OrdersList />
    </main>
  );
}
