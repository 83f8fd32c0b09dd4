import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, DASHBOARD_LIMITS, dashboardResponseSchema } from '@bankmanager/contracts';
import { currentUser, requireSignedIn } from '../auth/index.ts';
import { getRecentEvents } from './events.ts';
import { getDashboardContent, getDashboardStats } from './service.ts';

/**
 * GET /api/dashboard. Any signed-in user may call it, but a user awaiting activation gets only the
 * latest 3 news items (docs/product.md §2): the server, not the UI, withholds the bank's figures and
 * activity.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      preHandler: requireSignedIn,
      schema: {
        tags: ['dashboard'],
        summary: 'Stats, news, recent events, announcements and tasks',
        security: [{ bearer: [] }],
        // 403: a password-only session of someone with a second factor reaches no /api route.
        response: {
          200: dashboardResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (req) => {
      const u = currentUser(req);
      if (!u.isActivated && !u.isSuperuser) {
        const { news } = await getDashboardContent(app.db, {
          news: DASHBOARD_LIMITS.pendingNews,
          announcements: 0,
          tasks: 0,
        });
        return { stats: null, news, events: [], announcements: [], tasks: [] };
      }
      const [stats, content, events] = await Promise.all([
        getDashboardStats(app.db),
        getDashboardContent(app.db, {
          announcements: DASHBOARD_LIMITS.announcements,
          tasks: DASHBOARD_LIMITS.tasks,
        }),
        getRecentEvents(app.db, 10, { superuser: u.isSuperuser }),
      ]);
      return { stats, ...content, events };
    },
  );
};
