import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { announcements, news, tasks } from '../schema/dashboard-content.ts';
import { queryRows } from '../rows.ts';
import { DEFAULT_AS_OF } from './banking/index.ts';

/** Dates are days before the seed's as-of date, so the content reads as current in the demo. */
const NEWS: [daysAgo: number, title: string][] = [
  [1, 'Bank of Sierra Leone holds monetary policy rate; Leone stable against the dollar'],
  [3, 'New branch opens on Hangha Road, Kenema, with two ATMs'],
  [6, 'Mobile banking now links to Orange Money and Afrimoney wallets'],
  [9, 'Agricultural loan window reopens for rice and cassava farmers in Bombali and Tonkolili'],
  [14, 'Makeni branch extends Saturday opening hours to 2 pm'],
  [20, 'Staff quiz on the revised AML/CFT procedures: results and winners'],
  [27, 'Freetown Lumley branch refurbishment completed ahead of schedule'],
];

const ANNOUNCEMENTS: [
  daysAgo: number,
  title: string,
  content: string,
  priority: 'high' | 'medium' | 'low',
][] = [
  [
    0,
    'Core banking maintenance this Saturday',
    'Online and mobile banking will be unavailable from 22:00 Saturday to 02:00 Sunday while the core system is upgraded. Branch tellers should advise customers in advance.',
    'high',
  ],
  [
    2,
    'KYC refresh deadline for dormant accounts',
    'Dormant accounts reactivated this quarter need an updated national ID or voter card and proof of address on file before any withdrawal.',
    'high',
  ],
  [
    5,
    'New USD cash withdrawal limits',
    "From next month, over-the-counter USD withdrawals above $5,000 need two days' notice and branch manager approval.",
    'medium',
  ],
  [
    8,
    'Staff health screening at Head Office',
    'The medical team will be at Siaka Stevens Street on Wednesday and Thursday. Book a slot with HR.',
    'low',
  ],
  [
    12,
    'Updated fraud alert: fake Orange Money reversal SMS',
    'Customers report SMS messages asking them to "reverse" a transfer. Remind customers the bank never asks for their PIN.',
    'medium',
  ],
  [
    18,
    'End-of-year leave requests',
    'Submit December leave requests to your branch manager by the 15th so branch cover can be planned.',
    'low',
  ],
];

const TASKS: [
  dueInDays: number,
  title: string,
  description: string,
  priority: 'high' | 'medium' | 'low',
  status: 'pending' | 'in-progress' | 'completed',
][] = [
  [
    1,
    'Approve pending mobile banking registrations',
    'Review the customers registered at the Bo and Kenema branches this week and confirm their payment accounts.',
    'high',
    'pending',
  ],
  [
    2,
    'Complete KYC for new corporate customers',
    'Collect business registration certificates for the three SMEs onboarded at Kissy Road.',
    'high',
    'in-progress',
  ],
  [
    3,
    'Reconcile ATM cash at Makeni',
    'Match the ATM journal against the GL for the last week and explain any difference.',
    'medium',
    'pending',
  ],
  [
    5,
    'Prepare monthly deposits report',
    'Deposits per branch and currency for the management meeting.',
    'medium',
    'pending',
  ],
  [
    7,
    'Follow up overdue SME loan repayments',
    'Call customers more than 30 days in arrears in the Koidu portfolio.',
    'medium',
    'in-progress',
  ],
  [
    -2,
    'Renew branch insurance certificates',
    'Upload the renewed certificates for Port Loko and Kabala.',
    'low',
    'completed',
  ],
];

/** Inserts the demo news, announcements and tasks once (skipped when news already exist). */
export async function seedDashboardContent(tx: Database, opts: { asOf?: string } = {}): Promise<void> {
  const [existing] = await queryRows<{ n: string }>(tx, sql`select count(*) as n from news`);
  if (Number(existing!.n) > 0) return;
  const asOf = opts.asOf ?? DEFAULT_AS_OF;
  const day = (offset: number) => {
    const d = new Date(`${asOf}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + offset);
    return d.toISOString().slice(0, 10);
  };
  await tx.insert(news).values(NEWS.map(([ago, title]) => ({ title, date: day(-ago) })));
  await tx.insert(announcements).values(
    ANNOUNCEMENTS.map(([ago, title, content, priority]) => ({
      title,
      date: day(-ago),
      content,
      priority,
      isNew: ago <= 7,
    })),
  );
  await tx.insert(tasks).values(
    TASKS.map(([due, title, description, priority, status]) => ({
      title,
      description,
      dueDate: day(due),
      priority,
      status,
    })),
  );
}
