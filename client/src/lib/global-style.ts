import { createGlobalStyle } from 'styled-components'

export const GlobalStyle = createGlobalStyle`
  :root {
    --breakpoint-xs: ${({ theme }) => theme.breakpoints.xs};
    --breakpoint-sm: ${({ theme }) => theme.breakpoints.sm};
    --breakpoint-md: ${({ theme }) => theme.breakpoints.md};
    --breakpoint-lg: ${({ theme }) => theme.breakpoints.lg};
    --breakpoint-xl: ${({ theme }) => theme.breakpoints.xl};
  }

  *, *::before, *::after { box-sizing: border-box; }

  html { -webkit-text-size-adjust: 100%; }

  body {
    margin: 0;
    min-height: 100vh;
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: ${({ theme }) => theme.lineHeights.body};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.body};
    /* No colour transition: it showed the first frames (and a skin switch) with the new text over the old page colour. */
  }

  h1, h2, h3, h4 {
    color: ${({ theme }) => theme.colors.heading};
    line-height: ${({ theme }) => theme.lineHeights.tight};
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }

  h1 { font-size: ${({ theme }) => theme.fontSizes.xl}; }

  p { margin: 0 0 ${({ theme }) => theme.space.lg}; }

  a { color: ${({ theme }) => theme.colors.link}; }

  button, input, select, textarea { font: inherit; color: inherit; }

  :focus-visible {
    outline: ${({ theme }) => theme.sizes.focusRing} solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }

  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
    border: 0;
  }

  @media ${({ theme }) => theme.media.reducedMotion} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`
