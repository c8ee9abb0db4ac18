/**
 * The theme object: every colour, spacing, radius, shadow, breakpoint and z-index used by
 * styled components comes from here (light and dark skin share the non-colour tokens).
 */

const space = {
  xxs: '0.125rem',
  xs: '0.25rem',
  sm: '0.5rem',
  md: '0.75rem',
  lg: '1rem',
  xl: '1.5rem',
  xxl: '2rem',
  xxxl: '3rem',
} as const

/** xs, sm, md, lg, xl — also exposed as CSS variables --breakpoint-* (global-style.ts). */
const breakpoints = {
  xs: '0px',
  sm: '576px',
  md: '768px',
  lg: '992px',
  xl: '1200px',
} as const

const shared = {
  space,
  breakpoints,
  media: {
    /** Phones: up to the small breakpoint (where smUp starts). */
    phone: `(max-width: ${breakpoints.sm})`,
    smUp: `(min-width: ${breakpoints.sm})`,
    mdUp: `(min-width: ${breakpoints.md})`,
    lgUp: `(min-width: ${breakpoints.lg})`,
    mdDown: `(max-width: calc(${breakpoints.lg} - 0.02px))`,
    reducedMotion: '(prefers-reduced-motion: reduce)',
  },
  radii: { sm: '0.25rem', md: '0.375rem', lg: '0.5rem', xl: '0.75rem', pill: '999px', round: '50%' },
  fonts: {
    body: "'Montserrat', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSizes: { xs: '0.75rem', sm: '0.857rem', md: '1rem', lg: '1.143rem', xl: '1.5rem', xxl: '2rem', display: '4rem' },
  fontWeights: { regular: 400, medium: 500, semibold: 600, bold: 700 },
  lineHeights: { tight: 1.2, body: 1.45 },
  sizes: {
    sidebarWidth: '260px',
    navbarHeight: '4.25rem',
    contentMaxWidth: '100%', // full content width
    authCardWidth: '26rem',
    focusRing: '3px',
    icon: '1.25rem',
    iconSm: '1rem',
    avatar: '2.375rem',
    spinner: '3rem',
    toastWidth: '22rem',
    control: '2.5rem',
    dialogWidth: '34rem',
    sidePanelWidth: '30rem',
  },
  zIndices: { base: 1, navbar: 100, sidebarBackdrop: 190, sidebar: 200, dropdown: 300, scrollTop: 400, toast: 500, overlay: 600, skipLink: 700 },
  durations: { fast: '150ms', route: '300ms', toastMs: 3000 },
}

export interface SkinColors {
  primary: string
  primaryHover: string
  onPrimary: string
  primarySoft: string
  link: string
  secondary: string
  success: string
  info: string
  warning: string
  danger: string
  /** Text on a solid danger background (the danger button): at least 4.5:1 against danger. */
  onDanger: string
  dangerSoft: string
  successSoft: string
  infoSoft: string
  warningSoft: string
  body: string
  surface: string
  surfaceRaised: string
  text: string
  textMuted: string
  heading: string
  border: string
  inputBg: string
  focus: string
  backdrop: string
  shadow: string
}

const light: SkinColors = {
  primary: '#5e50ee',
  primaryHover: '#4b3ddb',
  onPrimary: '#ffffff',
  primarySoft: 'rgba(115, 103, 240, 0.12)',
  link: '#4f42d8',
  secondary: '#65696e',
  success: '#1a7f47',
  info: '#00707f',
  warning: '#a65c00',
  danger: '#c7302f',
  onDanger: '#ffffff',
  dangerSoft: 'rgba(234, 84, 85, 0.12)',
  successSoft: 'rgba(40, 199, 111, 0.12)',
  infoSoft: 'rgba(0, 207, 232, 0.12)',
  warningSoft: 'rgba(255, 159, 67, 0.14)',
  body: '#f8f8f8',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  text: '#5a5766',
  textMuted: '#6e6b7b',
  heading: '#4b465c',
  border: '#d8d6de',
  inputBg: '#ffffff',
  focus: '#7367f0',
  backdrop: 'rgba(34, 41, 47, 0.5)',
  shadow: 'rgba(34, 41, 47, 0.12)',
}

const dark: SkinColors = {
  // White text on it stays above 4.5:1 (WCAG AA); text on dark surfaces uses `link`.
  primary: '#6a5ee8',
  primaryHover: '#5b4fe0',
  onPrimary: '#ffffff',
  primarySoft: 'rgba(115, 103, 240, 0.2)',
  link: '#b3adf8',
  secondary: '#b4b7bd',
  success: '#48da89',
  info: '#1ce7ff',
  warning: '#ffb976',
  danger: '#f49a9b',
  onDanger: '#161d31',
  dangerSoft: 'rgba(234, 84, 85, 0.2)',
  successSoft: 'rgba(40, 199, 111, 0.2)',
  infoSoft: 'rgba(0, 207, 232, 0.2)',
  warningSoft: 'rgba(255, 159, 67, 0.2)',
  body: '#161d31',
  surface: '#283046',
  surfaceRaised: '#2f3850',
  text: '#c3c6cc',
  textMuted: '#a8abb3',
  heading: '#e1e3e6',
  border: '#404656',
  inputBg: '#283046',
  focus: '#b3adf8',
  backdrop: 'rgba(0, 0, 0, 0.6)',
  shadow: 'rgba(0, 0, 0, 0.35)',
}

export type AppTheme = typeof shared & { skin: 'light' | 'dark'; colors: SkinColors }

export const lightTheme: AppTheme = { ...shared, skin: 'light', colors: light }
export const darkTheme: AppTheme = { ...shared, skin: 'dark', colors: dark }

export function themeForSkin(skin: 'light' | 'dark'): AppTheme {
  return skin === 'dark' ? darkTheme : lightTheme
}
