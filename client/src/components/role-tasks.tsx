import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import { StyledCard } from './ui/card'
import type { NavSectionId } from '../lib/feature'
import { useMenu } from '../lib/menu-context'
import { NavItemLabel } from './ui/nav-item-label'

const StyledTasks = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr));
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.xl};
  padding: 0;

  a {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.md};
    height: 100%;
    color: ${({ theme }) => theme.colors.link};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    text-decoration: none;
  }

  a:hover,
  a:focus-visible {
    text-decoration: underline;
  }
`

/** A role's home: the menu section of its tasks as large links (an admin's users, keys, plans, reports). */
export function RoleTasks({ section }: { section: NavSectionId }) {
  const { t } = useTranslation()
  const items = useMenu().find((s) => s.id === section)?.items ?? []
  if (items.length === 0) return null
  return (
    <section aria-labelledby="role-tasks-title" data-testid="role-tasks">
      <h2 id="role-tasks-title">{t(`nav.sections.${section}`)}</h2>
      <StyledTasks>
        {items.map((item) => (
          <li key={item.name}>
            <StyledCard as={Link} to={item.path}>
              <NavItemLabel item={item} />
            </StyledCard>
          </li>
        ))}
      </StyledTasks>
    </section>
  )
}
