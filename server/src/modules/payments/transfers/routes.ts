import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalCreatedSchema,
  convertAmount,
  fromCents,
  journalEntrySchema,
  toCents,
  transferQuoteQuerySchema,
  transferQuoteSchema,
  transferRequestSchema,
  type RoleLimit,
} from '@bankmanager/contracts';
import type { Database } from '../../../db/client.ts';
import { currentBusinessDate } from '../../../db/business-date.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { apiErrors, bearerSecurity } from '../../../lib/route-schemas.ts';
import { assertBranch, callerHolds, currentUser, requirePermission } from '../../auth/index.ts';
import {
  auditRefusal,
  backValueRefused,
  LedgerError,
  ledgerHttpError,
  outsideValueDateWindow,
  postForRoute,
  transferEntry,
} from '../../ledger/index.ts';
import { needsChecker, requestApprovalOnce } from '../../approvals/index.ts';
import { dayRateFor } from '../../treasury/index.ts';
import { accountDayCap, type DailyTotals } from '../../roles/index.ts';
import { actorOf, mustFindAccountPair } from '../accounts.ts';
import { registerTransferCommand } from './command.ts';
import { postTransferAtOnce } from './post-at-once.ts';
import { transferPreflight } from './preflight.ts';
import { applyRateRule } from './rate-rule.ts';

/**
 * Transfers between customer accounts (within the maker's limits): the day's rate across
 * currencies, four-eyes over the maker's transfer limit, idempotent by reference, branch scope on
 * the paying account. The preview (`/transfers/quote`) shows the same rate and amount the posting uses.
 */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  registerTransferCommand(app.approvals);

  app.post(
    '/transfers',
    {
      preHandler: requirePermission('transfers.create'),
      schema: {
        tags: ['payments'],
        summary: 'Transfers between two customer accounts, across currencies at the day’s rate',
        description:
          '201 with the entry; 200 when the reference already posted; 202 `{ approvalId }` over the maker’s transfer limit ' +
          '(the same reference again answers the same request). Across currencies without `rate` the day’s rate applies ' +
          '(buy into SLE, sell out of it; 409 no_rate when none is entered); a `rate` that differs needs treasury.rates ' +
          '(else 409 rate_mismatch). A value_date outside the window around the business date (VALUE_DATE_WINDOW) needs ' +
          'journal.backvalue (else 403 on value_date) and is always 202, four-eyes. Ledger refusals are 409 with details.code.',
        security: bearerSecurity,
        body: transferRequestSchema,
        response: {
          200: journalEntrySchema,
          201: journalEntrySchema,
          202: approvalCreatedSchema,
          ...apiErrors,
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      if (b.from_account === b.to_account) {
        throw new HttpError(400, 'The two accounts must differ', [
          { path: '/to_account', message: 'must differ from from_account' },
        ]);
      }
      const actor = actorOf(req);
      const who = { actor, action: 'ledger.transfer', target: b.from_account, request: b };
      // A value date outside the window is asked with journal.backvalue, and always four-eyes.
      const backValued = await outsideValueDateWindow(app.db, b.value_date);
      if (backValued && !callerHolds(req, 'journal.backvalue')) {
        await auditRefusal(app.db, who, 'value_date_out_of_window');
        throw backValueRefused();
      }
      const u = currentUser(req);
      const q = {
        from: b.from_account,
        to: b.to_account,
        reference: b.reference,
        userId: u.userId,
      };
      // The common case, a new transfer within the maker's limit, is checked in one statement and
      // posted in one call; anything else (and every refusal) takes the full path below.
      // Per transfer, then the business day's totals of this maker and of the paying account.
      const withinTransferLimits = async (
        db: Database,
        limits: RoleLimit[],
        from: { currency: string; number: string },
        dailyTotals?: DailyTotals | null,
      ) =>
        !(await needsChecker(db, app.approvals.limits, {
          type: 'transfer',
          makerId: u.userId,
          currency: from.currency,
          amount: b.amount,
          debitedAccount: from.number,
          limits,
          dailyTotals: dailyTotals ?? undefined,
        }));
      const posted = await postTransferAtOnce(app.db, q, async (checks, db) => {
        assertBranch(req, checks.from.branch);
        if (checks.approvalId || checks.entry) return null;
        const rate = await applyRateRule(
          db,
          checks.from.currency,
          checks.to.currency,
          b.rate,
          callerHolds(req, 'treasury.rates'),
        );
        const within = await withinTransferLimits(db, checks.limits, checks.from, checks.dailyTotals);
        const cap = accountDayCap(checks.limits, 'maxTransfer', checks.from.currency);
        if (backValued || !within || !cap) return null;
        const entry = await transferEntry(db, { ...b, rate: rate.rate }, actor, rate.details, checks);
        // The account's total was read without its lock: the posting reads it again under the lock.
        return { ...entry, accountDayCap: { accountId: checks.from.id, ...cap } };
      });
      if (posted) return reply.status(201).send(posted.entry);

      const { from, to, approvalId, entry, limits } = await transferPreflight(app.db, q);
      assertBranch(req, from.branch);
      const known = { from, to };

      // The same reference again answers its first result: the approval request, else the entry.
      if (approvalId) return reply.status(202).send({ approvalId });
      if (entry) {
        // Rebuilt at the rate its entry recorded, so the same request matches it exactly.
        const rate = entry.fx_rate ?? undefined;
        const r = await postForRoute(app.db, who, () =>
          transferEntry(app.db, { ...b, rate }, actor, {}, known),
        );
        return reply.status(r.status).send(r.entry);
      }

      let applied;
      try {
        applied = await applyRateRule(
          app.db,
          from.currency,
          to.currency,
          b.rate,
          callerHolds(req, 'treasury.rates'),
        );
      } catch (err) {
        if (err instanceof LedgerError) {
          await auditRefusal(app.db, who, err.code);
          throw ledgerHttpError(err);
        }
        if (err instanceof HttpError) await auditRefusal(app.db, who, refusalCode(err));
        throw err;
      }
      const request = { ...b, rate: applied.rate };
      if (backValued || !(await withinTransferLimits(app.db, limits, from))) {
        const credited = applied.rate
          ? convertAmount(b.amount, applied.rate, from.currency, to.currency)
          : b.amount;
        const { approvalId } = await requestApprovalOnce(app.db, {
          type: 'transfer',
          subjectType: 'account',
          subjectId: from.number,
          command: { ...request, rateDetails: applied.details },
          before: { from: from.number, available: from.available },
          after: {
            to: to.number,
            debit: `${b.amount} ${from.currency}`,
            credit: `${credited} ${to.currency}`,
          },
          maker: actor,
          branch: from.branch,
          amount: b.amount,
          currency: from.currency,
          reference: b.reference,
        });
        return reply.status(202).send({ approvalId });
      }
      const r = await postForRoute(app.db, who, () =>
        transferEntry(app.db, request, actor, applied.details, known),
      );
      return reply.status(r.status).send(r.entry);
    },
  );

  app.get(
    '/transfers/quote',
    {
      preHandler: requirePermission('transfers.create'),
      schema: {
        tags: ['payments'],
        summary: 'The transfer screen’s preview: both accounts, the day’s rate and the credited amount',
        security: bearerSecurity,
        querystring: transferQuoteQuerySchema,
        response: { 200: transferQuoteSchema, ...apiErrors },
      },
    },
    async (req) => {
      const [from, to] = await mustFindAccountPair(app.db, req.query.from, req.query.to);
      assertBranch(req, from.branch);
      const day = await dayRateFor(app.db, from.currency, to.currency);
      const rate = day?.rate ?? null;
      const amount = req.query.amount;
      const credited = !amount
        ? null
        : !day
          ? fromCents(toCents(amount))
          : rate
            ? convertAmount(amount, rate, from.currency, to.currency)
            : null;
      const brief = ({ id: _id, available: _a, ...a }: typeof from) => a;
      return {
        from: brief(from),
        to: brief(to),
        business_date: day?.businessDate ?? (await currentBusinessDate(app.db)),
        rate,
        rate_kind: day?.kind ?? null,
        rate_missing: day !== null && rate === null,
        credited,
      };
    },
  );
};

/** The `details.code` of a refusal, for its audit row. */
const refusalCode = (err: HttpError) => (err.details as { code?: string } | undefined)?.code ?? 'refused';
