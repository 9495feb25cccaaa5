// The docs page's own theme toggle (the host site's, as any docs site has one): data-theme on
// <html>, which the <mcp-json> examples follow.
const button = document.getElementById('theme');
const apply = (theme) => {
  document.documentElement.dataset.theme = theme;
  button.textContent = theme === 'dark' ? 'Light' : 'Dark';
};
apply(matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
button.addEventListener('click', () => apply(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark'));
