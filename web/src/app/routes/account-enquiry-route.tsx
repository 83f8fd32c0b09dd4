import { AccountEnquiryRoute } from '@/features/account-enquiry';
import { Guarded } from './guarded';

export default function AccountEnquiryPage() {
  return (
    <Guarded requiresActivation permission="enquiries.read">
      <AccountEnquiryRoute />
    </Guarded>
  );
}
