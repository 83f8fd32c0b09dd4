import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { STAFF_ACTION_LABELS, type StaffAction, type StaffListItem } from '@bankmanager/contracts';
import { CONSEQUENCE } from './confirm-action-dialog';

type Report = (user: StaffListItem, action: StaffAction) => void;
const OutcomeContext = createContext<Report>(() => {});

/** What a finished action reports to the page (useRunAction calls it). */
export const useReportOutcome = () => useContext(OutcomeContext);

/**
 * The last action's outcome, said on the page until the next one: a status line naming
 * the person, and focus back on their row (its Actions button), or on the line when the row has left
 * the list (a rejected account, a filter the new status no longer matches).
 */
export function useActionOutcome() {
  const [done, setDone] = useState<{ userId: string; text: string; seq: number } | null>(null);
  const focused = useRef(0);
  const report = useCallback<Report>((user, action) => {
    const who = user.fullName || user.email;
    const text = `${STAFF_ACTION_LABELS[action]}: done for ${who}. ${CONSEQUENCE[action]}`;
    setDone((d) => ({ userId: user.id, text, seq: (d?.seq ?? 0) + 1 }));
  }, []);
  useEffect(() => {
    if (!done || focused.current === done.seq) return;
    focused.current = done.seq;
    // The dialog the action ran in is still closing, and keeps focus inside itself until it has gone.
    let frames = 0;
    let raf = 0;
    const focus = () => {
      if (document.querySelector('[role="dialog"], [role="alertdialog"]') && ++frames < 120) {
        raf = requestAnimationFrame(focus);
        return;
      }
      const row = document.querySelector<HTMLElement>(`[data-staff-row="${CSS.escape(done.userId)}"] button`);
      (row ?? document.getElementById('staff-action-outcome'))?.focus();
    };
    focus();
    return () => cancelAnimationFrame(raf);
  }, [done]);
  const Provider = OutcomeContext.Provider;
  const line = done ? (
    <p id="staff-action-outcome" role="status" tabIndex={-1} className="rounded-md border p-3 text-sm">
      {done.text}
    </p>
  ) : null;
  return { report, line, Provider };
}
