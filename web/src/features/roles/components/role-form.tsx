import { useState, type FormEvent } from 'react';
import {
  CURRENCIES,
  LIMIT_KINDS,
  LIMIT_LABELS,
  PERMISSION_DEFS,
  roleInputSchema,
  type Permission,
  type Role,
  type RoleInput,
  type RoleLimit,
} from '@bankmanager/contracts';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PERMISSION_GROUPS } from './permission-groups';

const emptyLimit = (currency: RoleLimit['currency']): RoleLimit => ({
  currency,
  ...(Object.fromEntries(LIMIT_KINDS.map((k) => [k, '0.00'])) as Record<
    (typeof LIMIT_KINDS)[number],
    string
  >),
});

/** Create or edit a role: permissions grouped by menu area, limits per currency (blank = a second person always looks). */
export function RoleForm({
  role,
  busy,
  onSubmit,
}: {
  role?: Role;
  busy: boolean;
  onSubmit: (input: RoleInput) => void;
}) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [retired, setRetired] = useState(role?.retired ?? false);
  const [perms, setPerms] = useState<Set<string>>(new Set(role?.permissions ?? []));
  const [limits, setLimits] = useState<RoleLimit[]>(
    CURRENCIES.map((c) => role?.limits.find((l) => l.currency === c) ?? emptyLimit(c)),
  );
  const [error, setError] = useState<string | null>(null);

  const toggle = (p: Permission) =>
    setPerms((old) => {
      const next = new Set(old);
      if (next.has(p)) next.delete(p);
      else next.add(p);
      return next;
    });
  const setLimit = (i: number, kind: (typeof LIMIT_KINDS)[number], value: string) =>
    setLimits((old) =>
      old.map((l, j) => (j === i ? { ...l, [kind]: value.trim() === '' ? null : value.trim() } : l)),
    );

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = roleInputSchema.safeParse({ name, description, retired, permissions: [...perms], limits });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setError(null);
    onSubmit(parsed.data);
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-label={role ? `Edit role ${role.name}` : 'New role'}>
      <FormField id="role-name" label="Name" value={name} onChange={(e) => setName(e.target.value)} />
      <FormField
        id="role-description"
        label="Description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={retired} onChange={(e) => setRetired(e.target.checked)} />
        Retired (no longer grants anything)
      </label>
      {PERMISSION_GROUPS.map((g) => (
        <fieldset key={g.area} className="rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{g.name}</legend>
          {g.permissions.map((p) => (
            <label key={p} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={perms.has(p)} onChange={() => toggle(p)} />
              {PERMISSION_DEFS[p].label} <code className="text-muted-foreground text-xs">{p}</code>
            </label>
          ))}
        </fieldset>
      ))}
      <fieldset className="rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">Limits (blank: a second person always approves)</legend>
        {limits.map((l, i) => (
          <div key={l.currency} className="grid grid-cols-2 gap-2 py-1 sm:grid-cols-4">
            {LIMIT_KINDS.map((k) => (
              <label key={k} className="text-xs">
                {LIMIT_LABELS[k]} ({l.currency === 'SLE' ? 'Le' : 'US$'})
                <Input
                  inputMode="decimal"
                  value={l[k] ?? ''}
                  onChange={(e) => setLimit(i, k, e.target.value)}
                />
              </label>
            ))}
          </div>
        ))}
      </fieldset>
      {error ? <p role="alert">{error}</p> : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending...' : 'Send for approval'}
      </Button>
    </form>
  );
}
