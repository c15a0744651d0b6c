import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
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

/** Light and white badges, buttons and alerts: the text a shade darker than the colour, for contrast on tints. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant !== 'light' && input.variant !== 'white') return colors;
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  return parsed.isThemeColor ? { ...colors, color: darken(parsed.value, 0.3) } : colors;
};

/** Secondary ("dimmed") and placeholder text dark enough for 4.5:1 on white and the light brand tints. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#636a71' },
  dark: {},
});

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 9,
  colors: { brand, accent },
  variantColorResolver,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { radius: 'md' } },
  },
});
