import { Moon, Sun } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { loadProfileTheme, saveProfileTheme } from '../api/profile-theme';
import { systemTheme, useTheme } from '@/lib/theme';

/**
 * Loads the signed-in user's theme from their profile (docs/product.md §4). None stored: the system
 * preference is used and saved. localStorage is updated too, so theme-init.js paints the right theme next
 * load.
 */
export function useProfileThemeSync(userId: string): void {
  const { setTheme } = useTheme();
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    loadProfileTheme(userId)
      .then(async (stored) => {
        if (cancelled) return;
        if (stored) return setTheme(stored);
        const initial = systemTheme();
        setTheme(initial);
        await saveProfileTheme(userId, initial);
      })
      .catch((err: unknown) => console.error('Could not load the profile theme', err));
    return () => {
      cancelled = true;
    };
  }, [userId, setTheme]);
}

/** Header toggle: flips the theme and saves it on the profile; reverts if saving fails. */
export function ProfileThemeToggle({ userId }: { userId: string }) {
  const { theme, setTheme } = useTheme();
  const [saving, setSaving] = useState(false);
  const next = theme === 'dark' ? 'light' : 'dark';

  async function toggle() {
    const previous = theme;
    setTheme(next);
    setSaving(true);
    try {
      await saveProfileTheme(userId, next);
    } catch (err) {
      setTheme(previous);
      toast({
        title: 'Theme not saved',
        description: err instanceof Error ? err.message : 'Could not save your theme',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => void toggle()}
      disabled={saving}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? <Sun aria-hidden /> : <Moon aria-hidden />}
    </Button>
  );
}
