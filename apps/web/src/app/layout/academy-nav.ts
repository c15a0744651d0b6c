/**
 * The student navigation shown on academy pages (SPEC §2: My course, My progress, Roadmap,
 * My info, System management). Add an entry here when its page lands — never before.
 */
export const ACADEMY_NAV: { to: string; label: string; end?: boolean }[] = [
  { to: '/training-academy', label: 'academyNav.myCourses', end: true },
  { to: '/training-academy/study-progress', label: 'academyNav.myProgress' },
  { to: '/training-academy/roadmap', label: 'academyNav.roadmap' },
  { to: '/training-academy/qa', label: 'academyNav.qa' },
  { to: '/account', label: 'academyNav.myInfo' },
];
