import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

const accent: MantineColorsTuple = [
  '#fff0e6',
  '#ffdccc',
  '#ffb799',
  '#ff8f62',
  '#ff6e35',
  '#ff5918',
  '#FF5000',
  '#e44400',
  '#cb3b00',
  '#b12f00',
];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 9,
  colors: { brand, accent },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  components: {
    Button: { defaultProps: { radius: 'md' } },
  },
});
