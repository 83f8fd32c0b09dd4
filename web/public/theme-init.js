// Runs before the first paint so the page never flashes the wrong theme.
// The key and values are those of web/src/lib/theme/theme-storage.ts.
(function () {
  try {
    var stored = localStorage.getItem('bankmanager-theme');
    var dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    /* storage blocked: the React app applies the system theme */
  }
})();
