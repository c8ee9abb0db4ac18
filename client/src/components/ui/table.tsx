import { type HTMLAttributes, useLayoutEffect, useRef } from 'react'
import styled from 'styled-components'

/** Phones: a table's rows become cards (see StyledTable), up to this width. */
const PHONE = '(max-width: 575.98px)'

const StyledWrap = styled.div`
  width: 100%;
  overflow-x: auto;
  position: relative;
`

/**
 * A header's name as the eye reads it: without what is there only for screen readers (a
 * sortable header's "sort by") or only for the eye (its arrow), so a card reads "User", not
 * "User▲(sort)". A header that only screen readers see (an actions column) names nothing.
 */
function columnName(th: Element): string {
  const copy = th.cloneNode(true) as Element
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"], .visually-hidden')) hidden.remove()
  return copy.textContent?.replace(/\s+/g, ' ').trim() ?? ''
}

/**
 * Gives each body cell the text of its column's header as `data-label`, which the phone
 * layout shows beside the value. Runs again whenever rows or headers change.
 */
function labelCells(root: HTMLElement) {
  for (const table of root.querySelectorAll('table')) {
    const headers = [...table.querySelectorAll('thead tr:first-child > th')].flatMap((th) =>
      Array<string>(Number(th.getAttribute('colspan') ?? 1)).fill(columnName(th)),
    )
    for (const row of table.querySelectorAll('tbody tr')) {
      ;[...row.children].forEach((cell, index) => {
        const label = headers[index] ?? ''
        if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label)
      })
    }
  }
}

/**
 * Holds a data table: scrolls it sideways where it is wider than the screen (and is then
 * focusable, for keyboard scrolling), and on phones
 * lets its rows become cards whose cells carry their column's name. Relative, so visually
 * hidden cells stay inside it.
 */
export function StyledTableWrap(props: HTMLAttributes<HTMLDivElement>) {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    const root = ref.current
    if (!root) return undefined
    // A box that scrolls sideways takes the keyboard focus, so it can be scrolled without a mouse.
    const focusable = () => {
      if (root.scrollWidth > root.clientWidth + 1) root.setAttribute('tabindex', '0')
      else root.removeAttribute('tabindex')
    }
    const update = () => {
      labelCells(root)
      focusable()
    }
    update()
    const observer = new MutationObserver(update)
    observer.observe(root, { childList: true, subtree: true, characterData: true })
    const resized = new ResizeObserver(focusable)
    resized.observe(root)
    return () => {
      observer.disconnect()
      resized.disconnect()
    }
  }, [])
  return <StyledWrap ref={ref} {...props} />
}

/** A data table; `$compact` for dense rows, `$busy` dims it while a new page loads. */
export const StyledTable = styled.table<{ $busy?: boolean; $compact?: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  opacity: ${({ $busy }) => ($busy ? 0.6 : 1)};
  transition: opacity ${({ theme }) => theme.durations.fast};

  caption {
    text-align: left;
  }

  th,
  td {
    padding: ${({ theme, $compact }) => ($compact ? `${theme.space.sm} ${theme.space.md}` : `${theme.space.md} ${theme.space.lg}`)};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }

  th {
    color: ${({ theme }) => theme.colors.heading};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    white-space: nowrap;
  }

  thead th {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.03em;
    background: ${({ theme }) => theme.colors.body};
  }

  /* A bar at the row's start, not a tint: on a tinted row muted text, links and badges fell below 4.5:1 (4.0–4.5 on primarySoft). */
  tbody tr:hover > :first-child {
    box-shadow: inset 3px 0 0 ${({ theme }) => theme.colors.primary};
  }

  @media ${PHONE} {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }

    tbody,
    tr {
      display: block;
    }

    tr {
      padding: ${({ theme }) => `${theme.space.sm} 0`};
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }

    /* Row headers (th scope=row) are cells of the card like the others. */
    tbody td,
    tbody th {
      display: flex;
      flex-wrap: wrap;
      align-items: baseline;
      justify-content: space-between;
      gap: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
      padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
      border-bottom: 0;
      overflow-wrap: anywhere;
    }

    tbody td[data-label]:not([data-label=''])::before,
    tbody th[data-label]:not([data-label=''])::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      font-size: ${({ theme }) => theme.fontSizes.xs};
      text-transform: uppercase;
      letter-spacing: 0.03em;
    }
  }
`
