import { ContactLog } from '../components/contact-log';
import { ToolScreen } from '../components/tool-screen';

/** /customers/contact — a customer's contact history and preferred channel; log a new contact. */
export function CustomerContactRoute() {
  return (
    <ToolScreen
      title="Customer Contact"
      intro="Calls, visits and letters with a customer, and how they prefer to be reached."
    >
      {(c) => <ContactLog customerId={c.id} preferred={c.preferredChannel} />}
    </ToolScreen>
  );
}
