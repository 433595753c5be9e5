/*
 * The colour theme, applied before the first paint (a classic script in <head>; the policy allows
 * no inline script): the saved choice ("light", "dark", or "system" when unset) and, for system,
 * prefers-color-scheme, kept in step while the page is open. The app's toggle saves the choice
 * and calls window.bitaqaTheme.apply().
 */
(() => {
  var KEY = 'bitaqa-theme';
  var media = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  function choice() {
    try {
      var v = window.localStorage.getItem(KEY);
      return v === 'light' || v === 'dark' ? v : 'system';
    } catch (_) {
      return 'system';
    }
  }
  function apply() {
    var c = choice();
    var dark = c === 'dark' || (c === 'system' && !!media && media.matches);
    var root = document.documentElement;
    root.classList.toggle('dark', dark);
    root.dataset.theme = c;
  }
  apply();
  if (media && media.addEventListener) media.addEventListener('change', apply);
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) apply();
  });
  window.bitaqaTheme = { key: KEY, apply: apply, choice: choice };
})();
