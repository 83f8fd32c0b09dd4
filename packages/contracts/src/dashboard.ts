import { z } from 'zod';
import { currencySchema } from './banking.ts';

/**
 * GET /api/dashboard (docs/product.md §2.5 "Dashboard screens", §3 dashboard data). Money amounts are decimal
 * strings.
 */
export const dashboardStatsSchema = z.object({
  totalCustomers: z.number().int().nonnegative(),
  activeLoans: z.number().int().nonnegative(),
  totalDeposits: z.array(z.object({ currency: currencySchema, amount: z.string() })),
  complianceScore: z.number().min(0).max(100),
  /** How the score is computed, shown in the stat card's tooltip. */
  complianceDefinition: z.string(),
});

export const newsItemSchema = z.object({ id: z.string(), title: z.string(), date: z.string() });

export const dashboardEventSchema = z.object({
  id: z.string(),
  type: z.enum(['new_user', 'transaction', 'alert']),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  status: z.literal('pending').optional(),
  /** For new_user events: the user to review. */
  userId: z.string().optional(),
  /** For new_user events: their name (else e-mail), so the Review button names the person. */
  userName: z.string().optional(),
});

export const prioritySchema = z.enum(['high', 'medium', 'low']);

export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  date: z.string(),
  content: z.string(),
  priority: prioritySchema,
  isNew: z.boolean(),
});

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  dueDate: z.string(),
  priority: prioritySchema,
  status: z.enum(['pending', 'in-progress', 'completed']),
});

export const dashboardResponseSchema = z.object({
  /** Null for a user awaiting activation: they see only the latest news (docs/product.md §2). */
  stats: dashboardStatsSchema.nullable(),
  /** Newest first. */
  news: z.array(newsItemSchema),
  events: z.array(dashboardEventSchema),
  announcements: z.array(announcementSchema),
  tasks: z.array(taskSchema),
});

export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export type NewsItem = z.infer<typeof newsItemSchema>;
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;
export type Announcement = z.infer<typeof announcementSchema>;
export type DashboardTask = z.infer<typeof taskSchema>;
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** The seeded content part of the response (news, announcements, tasks). */
export const dashboardContentSchema = dashboardResponseSchema.pick({
  news: true,
  announcements: true,
  tasks: true,
});
export type DashboardContent = z.infer<typeof dashboardContentSchema>;

/** docs/product.md §9 dashboard limits. */
export const DASHBOARD_LIMITS = { announcements: 5, tasks: 5, pendingNews: 3 } as const;
