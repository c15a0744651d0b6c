/** The header's top items (SPEC §2 layout). The news item gets a dropdown of services. */
export const NAV_ITEMS = [
  { key: 'about', to: '/introduction', label: 'nav.about' },
  { key: 'academy', to: '/training-academy', label: 'nav.academy' },
  { key: 'news', to: '/news', label: 'nav.news' },
  { key: 'hiring', to: '/recruitment', label: 'nav.hiring' },
] as const;
