import { greetingFor } from '../lib/greeting';

export function DashboardGreeting({
  name,
  now = new Date(),
  subtitle,
}: {
  name: string;
  now?: Date;
  subtitle: string;
}) {
  return (
    <header className="space-y-1">
      <h1 className="text-2xl font-semibold">
        {greetingFor(now)}
        {name ? `, ${name}` : ''}
      </h1>
      <p className="text-muted-foreground">{subtitle}</p>
    </header>
  );
}
