import { Moon, Sun } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { loadProfileTheme, saveProfileTheme } from '../api/profile-theme';
import { useTheme } from '@/lib/theme';

/**
 * Loads the signed-in user's theme from their profile (docs/product.md §4). None stored: the theme on
 * screen is kept and saved — the one chosen before sign-in, else the system preference, so signing in
 * never flips the colours. localStorage is updated too, so theme-init.js paints the right theme next
 * load.
 */
export function useProfileThemeSync(userId: string): void {
  const { theme, setTheme } = useTheme();
  // Read when the profile answers, without re-running the load on every toggle.
  const onScreen = useRef(theme);
  useEffect(() => {
    onScreen.current = theme;
  }, [theme]);
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    const atStart = onScreen.current;
    loadProfileTheme(userId)
      .then(async (stored) => {
        if (cancelled) return;
        // Toggled while the profile loaded: that choice is newer than what was read, and already saved.
        if (onScreen.current !== atStart) return;
        if (stored) return setTheme(stored);
        const initial = onScreen.current;
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
