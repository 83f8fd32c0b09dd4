export { AccountEnquiryRoute } from './routes/account-enquiry-route';
