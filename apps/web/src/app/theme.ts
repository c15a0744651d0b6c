import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  lighten,
  type MantineColorsTuple,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** Brand colours (DESIGN.md): main #251A5B, active #FF5000, disabled #D3D3D3, error #FF0000. */
export const BRAND = {
  main: '#251A5B',
  active: '#FF5000',
  disabled: '#D3D3D3',
  error: '#FF0000',
} as const;

const brand: MantineColorsTuple = [
  '#f0eefa',
  '#dcd8ef',
  '#b6addf',
  '#8e80cf',
  '#6c5ac2',
  '#5742b9',
  '#4c36b6',
  '#3d29a0',
  '#30228a',
  '#251A5B',
];

/**
 * The active orange. #FF5000 itself (shade 5, and the logo, borders and dots) has only 3.3:1
 * against white, too little for text (WCAG AA asks 4.5:1), so shade 6 — the one buttons, links
 * and badges use — is a deeper orange that reads 5.4:1 with white text on it or on white.
 */
const accent: MantineColorsTuple = [
  '#fff0e6',
  '#ffdccc',
  '#ffb799',
  '#ff8f62',
  '#ff6e35',
  '#FF5000',
  '#bf3c00',
  '#a83400',
  '#922d00',
  '#7a2600',
];

/**
 * Light and white badges, buttons and alerts: the text a shade darker than the colour for contrast
 * on tints; in the dark scheme, where the tint lies over a dark page, a lighter one. Outline,
 * subtle and transparent ones (text in the colour itself, on the page) lighter in the dark scheme.
 */
const TEXT_VARIANTS = ['light', 'white', 'outline', 'subtle', 'transparent'];
const resolveVariantColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (!TEXT_VARIANTS.includes(input.variant)) return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor) return colors;
  if (input.variant === 'white') return { ...colors, color: darken(parsed.value, 0.3) };
  if (input.variant === 'light') {
    return { ...colors, color: `light-dark(${darken(parsed.value, 0.3)}, ${lighten(parsed.value, 0.6)})` };
  }
  return { ...colors, color: `light-dark(${parsed.value}, ${lighten(parsed.value, 0.6)})` };
};

/**
 * The same colours for the same variant and colour, computed once per theme: every button, badge
 * and action icon asks on each render, and each answer parses and mixes colours (issue 21: the
 * course and lesson pages ask dozens of times before their content shows). Mantine only reads it.
 */
const resolvedColors = new WeakMap<object, Map<string, ReturnType<VariantColorsResolver>>>();
const variantColorResolver: VariantColorsResolver = (input) => {
  let byKey = resolvedColors.get(input.theme);
  if (!byKey) {
    byKey = new Map();
    resolvedColors.set(input.theme, byKey);
  }
  const { from, to, deg } = input.gradient ?? {};
  const key = `${input.variant}|${input.color ?? ''}|${from ?? ''}|${to ?? ''}|${deg ?? ''}|${input.autoContrast ?? ''}`;
  let colors = byKey.get(key);
  if (!colors) {
    colors = resolveVariantColors(input);
    byKey.set(key, colors);
  }
  return colors;
};

/**
 * The product's own colour roles, one value per scheme, used where a page would otherwise name a
 * brand shade (`c="var(--academy-ink)"`). Secondary ("dimmed") and placeholder text dark enough for
 * 4.5:1 on white and the light brand tints, light enough for 4.5:1 on the dark surfaces.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-placeholder': '#636a71',
    '--academy-ink': BRAND.main,
    '--academy-accent-text': '#bf3c00',
    '--academy-tint': '#f0eefa',
    '--academy-bar': '#f4f2fb',
    '--academy-line': '#e6e2f3',
    '--academy-surface': '#ffffff',
    '--academy-subtle': 'var(--mantine-color-gray-0)',
    '--academy-danger-text': 'var(--mantine-color-red-8)',
    '--academy-success-text': 'var(--mantine-color-green-8)',
    '--academy-answered': BRAND.main,
    '--academy-control-line': BRAND.disabled,
  },
  dark: {
    '--mantine-color-dimmed': '#a6adb4',
    '--mantine-color-placeholder': '#9aa1a8',
    '--mantine-color-anchor': '#b6addf',
    '--academy-ink': '#d6d1f2',
    '--academy-accent-text': '#ff9c70',
    '--academy-tint': '#2b2741',
    '--academy-bar': '#221f33',
    '--academy-line': '#3a3552',
    '--academy-surface': 'var(--mantine-color-dark-7)',
    '--academy-subtle': 'var(--mantine-color-dark-6)',
    '--academy-danger-text': '#ff8787',
    '--academy-success-text': '#8ce99a',
    // The brand's purple lifted until white reads on it and it stands out from the dark page.
    '--academy-answered': '#5742b9',
    '--academy-control-line': 'var(--mantine-color-dark-3)',
  },
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 9,
  colors: { brand, accent },
  variantColorResolver,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { radius: 'md' } },
  },
});
