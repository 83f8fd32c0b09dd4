/**
 * Readable names for audit actions, so people need not read codes: lists show "Signed in", the detail
 * view keeps the raw code. An action without a label here reads as its code made into words, never as
 * nothing.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_out': 'Signed out',
  'auth.sign_up': 'Signed up',
  'auth.password_change': 'Changed password',
  'auth.password_reset': 'Reset password',
  'auth.password_reset_request': 'Asked for a password reset',
  'auth.mfa_enroll': 'Enrolled an authenticator',
  'auth.mfa_unenroll': 'Removed an authenticator',
  'auth.mfa_verify': 'Verified a one-time code',
  'auth.mfa_factor_verified': 'Confirmed an authenticator',
  'auth.account_under_attack': 'Sign-in attempts throttled',
  'auth.admin_ban': 'Banned a user',
  'auth.admin_unban': 'Lifted a ban',
  'auth.admin_create_user': 'Created a user',
  'auth.admin_delete_user': 'Deleted a user',
  'auth.admin_invite': 'Invited a user',
  'auth.admin_update_user': 'Updated a user',
  'auth.admin_password_change': 'Set a user’s password',
  'staff.register': 'Registered as staff',
  'staff.approve': 'Approved staff member',
  'staff.reject': 'Rejected staff member',
  'staff.ban': 'Banned staff member',
  'staff.unban': 'Lifted a staff ban',
  'staff.roles': 'Changed staff roles',
  'staff.grant_superuser': 'Made superuser',
  'staff.revoke_superuser': 'Removed superuser',
  'staff.revoke_activation': 'Revoked activation',
  'staff.end_sessions': 'Ended sessions',
  'staff.reset_mfa': 'Reset two-factor sign-in',
  'staff.activate_first_user': 'Activated the first user',
  'role.create': 'Created a role',
  'role.update': 'Changed a role',
  'approval.request': 'Asked for approval',
  'approval.approve': 'Approved a request',
  'ledger.manual_journal': 'Posted a manual journal',
  'ledger.transfer': 'Made a transfer',
  'ledger.reverse': 'Reversed a posting',
  'banking.post_transaction': 'Posted a transaction',
  'mobile_banking.subscription_saved': 'Saved a mobile banking subscription',
  'customer.create': 'Created a customer',
  'customer.update': 'Updated a customer',
  'customer.status': 'Changed customer status',
  'customer.kyc_edit': 'Edited KYC details',
  'customer.risk_override': 'Overrode the risk rating',
  'customer.merge': 'Merged customers',
  'customer.branch_move': 'Moved a customer’s branch',
  'customer.document.upload': 'Uploaded a customer document',
  'customer.document.current': 'Chose the current document',
  'customer.contact': 'Logged a contact',
  'customer.preferred_channel': 'Set the preferred channel',
  'customer.edd': 'Recorded due diligence',
  'account.view_legs': 'Viewed a posting’s legs',
  'profile.update': 'Updated profile',
  'audit.export': 'Exported the audit trail',
  'audit.verify': 'Verified the audit chain',
  'storage.object.create': 'Stored a file',
  'storage.object.update': 'Replaced a file',
  'storage.object.delete': 'Deleted a file',
  'storage.bucket.create': 'Created a bucket',
  'storage.bucket.update': 'Changed a bucket',
  'storage.bucket.delete': 'Deleted a bucket',
  'storage.bucket.empty': 'Emptied a bucket',
  // End of day.
  'eod.run_request': 'Asked for an end-of-day run',
  'eod.run_approve': 'End-of-day run approved',
  'eod.run_retry': 'Ran end of day again',
  'eod.credit_accrual': 'Accrued credit interest',
  'eod.overdraft_accrual': 'Accrued overdraft interest',
  'eod.interest_posting': 'Posted interest (less WHT)',
  'eod.fd_payout': 'Paid out matured deposits',
  'eod.fd_maturities': 'Matured fixed deposits',
  'eod.fees': 'Charged monthly fees',
  'eod.dormancy_mark': 'Marked accounts dormant',
  'eod.sanctions_rescreen': 'Re-screened customers against the sanctions lists',
  'sanctions.list_import': 'Sanctions list import decided',
  'sanctions.hit_clear': 'Cleared a sanctions hit',
  'sanctions.hit_confirm': 'Confirmed a sanctions hit',
  'eod.holds_released': 'Released cleared holds',
  'eod.business_date_advance': 'Moved the business date',
  'calendar.holiday_add': 'Added a holiday',
  'calendar.holiday_remove': 'Removed a holiday',
  'calendar.period_close': 'Closed an accounting period',
  'calendar.period_reopen': 'Reopened an accounting period',
  'regulatory_return.file': 'Filed the BSL monthly returns',
  'regulatory_return.download': 'Downloaded filed BSL returns',
  'return_mapping.change': 'Changed a BSL return line’s GL mapping',
  'loan_application.document.upload': 'Filed a loan application document',
  'eod.aml_monitoring': 'Ran the transaction monitoring rules',
  'aml.rule_change': 'Monitoring rule change decided',
  'aml.case_open': 'Opened an AML case',
  'aml.case_view': 'Viewed an AML case',
  'aml.case_investigate': 'Started investigating an AML case',
  'aml.case_escalate': 'Escalated an AML case to the MLRO',
  'aml.case_close': 'Closed an AML case: no further action',
  'aml.case_str_filed': 'Marked an AML case STR filed',
  'aml.case_note': 'Added a note to an AML case',
  'aml.case_assign': 'Assigned an AML case',
  'aml.case_attachment': 'Filed evidence on an AML case',
  'aml.case_attachment_view': 'Downloaded evidence from an AML case',
  'aml.alerts_export': 'Exported AML alerts',
  'aml.cases_export': 'Exported AML cases',
  'aml.str.export': 'Exported the list of STRs',
  'eod.report_aggregates': 'Kept the day’s figures for the dashboards',
  // Built reports: runs, schedules, downloads.
  'eod.report_schedules': 'Queued the day’s scheduled reports',
  'report_run.request': 'Asked for a report run',
  'report_run.done': 'A report run finished',
  'report_run.failed': 'A report run failed',
  'report_run.retry': 'Retried a failed report run',
  'report_run.download': 'Downloaded a report file',
  'report_schedule.create': 'Scheduled a report for a role',
  'report_schedule.stop': 'Stopped a report schedule',
};

/** "customer.document.upload" → its label, else "Customer document upload". */
export function auditActionLabel(action: string): string {
  const label = AUDIT_ACTION_LABELS[action];
  if (label) return label;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An audit row's outcome as people say it; the filter and every table show these, never the code. */
export const AUDIT_OUTCOME_LABELS = {
  success: 'Succeeded',
  failure: 'Failed',
  denied: 'Refused (no permission)',
} as const satisfies Record<'success' | 'failure' | 'denied', string>;

export function auditOutcomeLabel(outcome: string): string {
  return (AUDIT_OUTCOME_LABELS as Record<string, string>)[outcome] ?? outcome;
}

/** The area an action belongs to (its first segment), for grouping the action filter. */
export const AUDIT_AREA_LABELS: Record<string, string> = {
  auth: 'Sign-in and passwords',
  staff: 'Staff users',
  role: 'Roles',
  approval: 'Approvals',
  ledger: 'Ledger',
  banking: 'Postings',
  mobile_banking: 'Mobile banking',
  customer: 'Customers',
  account: 'Accounts',
  profile: 'Profiles',
  audit: 'Audit trail',
  storage: 'Stored files',
  eod: 'End of day',
  sanctions: 'Sanctions',
  calendar: 'Calendar',
  regulatory_return: 'BSL returns',
  return_mapping: 'BSL return mappings',
  loan_application: 'Loan applications',
  aml: 'AML monitoring',
};

export interface AuditActionGroup {
  /** The area's prefix filter (`staff.`: every action of the area). */
  prefix: string;
  label: string;
  actions: { value: string; label: string }[];
}

/**
 * The action filter's choices: per area, "every action of the area" (a prefix, which the audit
 * filter accepts) and each labelled action, by label. Built from AUDIT_ACTION_LABELS, so a new label
 * is offered without touching the screen.
 */
export function auditActionGroups(): AuditActionGroup[] {
  const groups = new Map<string, AuditActionGroup>();
  for (const [value, label] of Object.entries(AUDIT_ACTION_LABELS)) {
    const area = value.split('.')[0]!;
    let g = groups.get(area);
    if (!g) {
      g = { prefix: `${area}.`, label: AUDIT_AREA_LABELS[area] ?? auditActionLabel(area), actions: [] };
      groups.set(area, g);
    }
    g.actions.push({ value, label });
  }
  const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
  return [...groups.values()].sort(byLabel).map((g) => ({ ...g, actions: g.actions.sort(byLabel) }));
}
