import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import styled from 'styled-components'

const StyledTabList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.xl};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`

const StyledTab = styled.button<{ $selected: boolean }>`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.lg}`};
  border: 0;
  border-bottom: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : 'transparent')};
  background: transparent;
  /* link, not primary: primary is a fill colour (2.7:1 as text on the dark skin's surface); link keeps 4.5:1 in both skins. */
  color: ${({ theme, $selected }) => ($selected ? theme.colors.link : theme.colors.text)};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;

  &:hover {
    color: ${({ theme }) => theme.colors.link};
  }
`

export interface TabItem<K extends string> {
  key: K
  label: string
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs (and select them); only the
 * selected tab is in the tab order.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string
  tabs: readonly TabItem<K>[]
  selected: K
  onSelect: (key: K) => void
  children: ReactNode
}) {
  const base = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const tabId = (key: K) => `${base}-tab-${key}`
  const panelId = `${base}-panel`

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected)
    let next: number
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = tabs.length - 1
    else return
    event.preventDefault()
    const tab = tabs[next]
    if (!tab) return
    onSelect(tab.key)
    refs.current.get(tab.key)?.focus()
  }

  return (
    <div>
      <StyledTabList role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
        {tabs.map((tab) => (
          <StyledTab
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element)
              else refs.current.delete(tab.key)
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={tab.key === selected}
            aria-controls={panelId}
            tabIndex={tab.key === selected ? 0 : -1}
            $selected={tab.key === selected}
            onClick={() => onSelect(tab.key)}
            data-testid={`tab-${tab.key}`}
          >
            {tab.label}
          </StyledTab>
        ))}
      </StyledTabList>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </div>
    </div>
  )
}
