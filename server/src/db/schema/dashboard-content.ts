import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Staff-facing content shown on the dashboard (news, announcements, tasks). */
export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    date: date('date').notNull(),
  },
  (t) => [index('news_date_idx').on(t.date.desc(), t.id.desc())],
);

export const announcements = pgTable(
  'announcements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    date: date('date').notNull(),
    content: text('content').notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull(),
    isNew: boolean('is_new').notNull().default(true),
  },
  (t) => [
    check('announcements_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
    index('announcements_date_idx').on(t.date.desc(), t.id.desc()),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    dueDate: date('due_date').notNull(),
    priority: text('priority', { enum: ['high', 'medium', 'low'] }).notNull(),
    status: text('status', { enum: ['pending', 'in-progress', 'completed'] })
      .notNull()
      .default('pending'),
  },
  (t) => [
    check('tasks_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
    check('tasks_status_check', sql`${t.status} in ('pending', 'in-progress', 'completed')`),
    index('tasks_due_date_idx').on(t.dueDate, t.id),
  ],
);
