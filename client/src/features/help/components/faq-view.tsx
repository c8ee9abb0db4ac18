import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { StyledCard } from '../../../components/ui/card'
import type { HelpFaqQuery } from '../graphql/faq.generated'

type Category = HelpFaqQuery['faq'][number]

const StyledLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  @media ${({ theme }) => theme.media.smUp} {
    grid-template-columns: minmax(12rem, 16rem) 1fr;
    align-items: start;
  }
`

const StyledTabs = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`

const StyledTab = styled.button<{ $active: boolean }>`
  text-align: left;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  cursor: pointer;
  font: inherit;
  color: ${({ theme, $active }) => ($active ? theme.colors.onPrimary : theme.colors.text)};
  background: ${({ theme, $active }) => ($active ? theme.colors.primary : 'transparent')};

  &:hover {
    background: ${({ theme, $active }) => ($active ? theme.colors.primaryHover : theme.colors.primarySoft)};
  }

  small {
    display: block;
  }
`

const StyledQuestion = styled.details`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => `${theme.space.md} 0`};

  summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.fontWeights.medium};
    color: ${({ theme }) => theme.colors.heading};
  }

  p {
    margin: ${({ theme }) => `${theme.space.sm} 0 0`};
    white-space: pre-line;
  }
`

const StyledCategoryTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`

const StyledMuted = styled.p`
  margin: ${({ theme }) => `${theme.space.xs} 0 ${theme.space.md}`};
  color: ${({ theme }) => theme.colors.textMuted};
`

function Questions({ category, open }: { category: Category; open: boolean }) {
  return (
    <StyledCard aria-labelledby={`faq-${category.key}`} data-testid={`faq-category-${category.key}`}>
      <StyledCategoryTitle id={`faq-${category.key}`}>{category.title}</StyledCategoryTitle>
      {category.subtitle ? <StyledMuted>{category.subtitle}</StyledMuted> : null}
      {category.questions.map((q) => (
        <StyledQuestion key={q.id} open={open || undefined} data-testid="faq-question">
          <summary>{q.question}</summary>
          <p>{q.answer}</p>
        </StyledQuestion>
      ))}
    </StyledCard>
  )
}

/**
 * The FAQ: categories as tabs and the chosen one's questions, each opening on click or
 * Enter. While searching every matching category is shown, its answers open.
 */
export function FaqView({ categories, searching }: { categories: Category[]; searching: boolean }) {
  const { t } = useTranslation('help')
  const [chosen, setChosen] = useState<string | null>(null)
  const current = categories.find((c) => c.key === chosen) ?? categories[0]
  if (searching) {
    return (
      <StyledTabs>
        {categories.map((c) => (
          <Questions key={c.key} category={c} open />
        ))}
      </StyledTabs>
    )
  }
  return (
    <StyledLayout>
      <StyledTabs role="group" aria-label={t('faq.categories')}>
        {categories.map((c) => (
          <StyledTab
            key={c.key}
            type="button"
            $active={c.key === current?.key}
            aria-pressed={c.key === current?.key}
            onClick={() => setChosen(c.key)}
            data-testid={`faq-tab-${c.key}`}
          >
            {c.title}
            <small>{t('faq.questionCount', { count: c.questions.length })}</small>
          </StyledTab>
        ))}
      </StyledTabs>
      {current ? <Questions category={current} open={false} /> : null}
    </StyledLayout>
  )
}
