/** The teller feature's query keys, so a posting can refresh what it changed. */
export const tellerKeys = {
  all: ['teller'] as const,
  current: () => [...tellerKeys.all, 'current'] as const,
  transactions: (sessionId: string) => [...tellerKeys.all, 'transactions', sessionId] as const,
  waiting: () => [...tellerKeys.all, 'waiting'] as const,
  sessions: (q: object) => [...tellerKeys.all, 'sessions', q] as const,
  vault: (branch: string | null) => [...tellerKeys.all, 'vault', branch] as const,
  ctr: (q: object) => [...tellerKeys.all, 'ctr', q] as const,
  proof: (report: string, q: object) => [...tellerKeys.all, 'proof', report, q] as const,
  account: (number: string) => [...tellerKeys.all, 'account', number] as const,
  // The till register (Teller Administration) and the tills a teller may open.
  tillRegister: () => [...tellerKeys.all, 'tills'] as const,
  tills: (q: object) => [...tellerKeys.tillRegister(), q] as const,
  myTills: (branch: string | null) => [...tellerKeys.tillRegister(), 'mine', branch] as const,
  tillTellers: (branch: string | null) => [...tellerKeys.tillRegister(), 'tellers', branch] as const,
};
