import { supabase } from '@/lib/supabase';
import type { Theme } from '@/lib/theme';

/** The theme stored on the user's profile row (docs/product.md §7: select theme by id), or null when none. */
export async function loadProfileTheme(userId: string): Promise<Theme | null> {
  const { data, error } = await supabase
    .from('profiles')
    .select('theme')
    .eq('id', userId)
    .single<{ theme: string | null }>();
  if (error) throw error;
  return data.theme === 'light' || data.theme === 'dark' ? data.theme : null;
}

/** Saves the theme on the profile (docs/product.md §7: update theme by id). */
export async function saveProfileTheme(userId: string, theme: Theme): Promise<void> {
  const { error } = await supabase.from('profiles').update({ theme }).eq('id', userId);
  if (error) throw error;
}
