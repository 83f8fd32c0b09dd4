import { describe, expect, it } from 'vitest';
import {
  STAFF_ACTIONS,
  STAFF_ACTION_LABELS,
  STAFF_AUDIT_ACTIONS,
  auditFiltersSchema,
  auditVerifyResultSchema,
  staffListQuerySchema,
} from './admin.ts';

describe('admin contracts', () => {
  it('every staff action has a label and an audit action name', () => {
    for (const a of STAFF_ACTIONS) {
      expect(STAFF_ACTION_LABELS[a]).toEqual(expect.any(String));
      expect(STAFF_AUDIT_ACTIONS[a]).toMatch(/^staff\.[a-z_]+$/);
    }
  });

  it('audit date filters take a day or an ISO date-time with offset', () => {
    expect(auditFiltersSchema.safeParse({ from: '2026-11-01', to: '2026-11-21T10:00:00Z' }).success).toBe(
      true,
    );
    expect(auditFiltersSchema.safeParse({ from: '2026-11-01T10:00:00+01:00' }).success).toBe(true);
    for (const bad of ['yesterday', '2026-13-01', '21/11/2026']) {
      expect(auditFiltersSchema.safeParse({ from: bad }).success, bad).toBe(false);
    }
  });

  it('staff list query: status and superuser filters are closed sets', () => {
    expect(staffListQuerySchema.parse({ status: 'pending', superuser: 'true', page: '2' })).toEqual({
      status: 'pending',
      superuser: 'true',
      page: 2,
    });
    expect(staffListQuerySchema.safeParse({ status: 'deleted' }).success).toBe(false);
  });

  it('a failed verification names the first broken row', () => {
    expect(auditVerifyResultSchema.safeParse({ ok: false, rows: 3 }).success).toBe(false);
    expect(auditVerifyResultSchema.parse({ ok: false, rows: 3, firstBrokenId: 2 })).toEqual({
      ok: false,
      rows: 3,
      firstBrokenId: 2,
    });
  });
});
