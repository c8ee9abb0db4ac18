import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styled from 'styled-components'
import { Button } from '../../../../components/ui/button'
import { StyledTextarea } from '../../../../components/ui/form-control'
import { FormField } from '../../../../components/ui/form-field'
import { MAX_MESSAGE_LENGTH, type TemplateVariable, insertAt, renderPreview, variableToken } from '../../lib/template'

const StyledHelp = styled.details`
  margin: ${({ theme }) => `-${theme.space.sm} 0 ${theme.space.lg}`};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  summary {
    cursor: pointer;
    color: ${({ theme }) => theme.colors.link};
  }

  ul {
    list-style: none;
    margin: ${({ theme }) => theme.space.sm} 0 0;
    padding: 0;
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }

  li {
    display: flex;
    align-items: baseline;
    gap: ${({ theme }) => theme.space.sm};
  }
`

const StyledToken = styled.button`
  flex: none;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.heading};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
`

const StyledPreview = styled.div`
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.body};
`

const StyledPreviewHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};

  button {
    min-height: auto;
    padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.sm}`};
  }
`

const StyledPreviewText = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  color: ${({ theme }) => theme.colors.heading};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`

const StyledBotName = styled.strong`
  color: ${({ theme }) => theme.colors.link};
  margin-right: ${({ theme }) => theme.space.xs};
`

const StyledCounter = styled.span<{ $over: boolean }>`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme, $over }) => ($over ? theme.colors.danger : theme.colors.textMuted)};
`

export interface TemplateEditorProps {
  label: string
  value: string
  onChange: (value: string) => void
  variables: readonly TemplateVariable[]
  errors: readonly string[]
  /** e.g. "As viewer1 writing !discord @friend" */
  previewCaption: string
  sample: { user: string; touser: string; count: number; uptime: string }
  testId: string
}

/** A message template with a help list that inserts variables at the caret and a live preview. */
export function TemplateEditor({ label, value, onChange, variables, errors, previewCaption, sample, testId }: TemplateEditorProps) {
  const { t } = useTranslation('assistant')
  const area = useRef<HTMLTextAreaElement>(null)
  const [randomIndex, setRandomIndex] = useState(0)
  const preview = renderPreview(value, {
    ...sample,
    randomIndex,
    args: [`@${sample.touser}`],
    counterValue: 7,
    platform: {
      channel: t('template.samples.channel'),
      game: t('template.samples.game'),
      title: t('template.samples.title'),
      viewers: '42',
      followage: t('template.samples.followage'),
    },
  })
  const hasRandom = /\$\{\s*random\s/.test(value)

  function insert(variable: TemplateVariable) {
    const element = area.current
    const token = variableToken(variable)
    const next = insertAt(value, token, element?.selectionStart ?? value.length, element?.selectionEnd ?? value.length)
    onChange(next.text)
    requestAnimationFrame(() => {
      if (!element) return
      element.focus()
      // Select the example options of ${random a|b|c} so typing replaces them.
      if (variable === 'random') element.setSelectionRange(next.caret - 'a|b|c}'.length, next.caret - 1)
      else element.setSelectionRange(next.caret, next.caret)
    })
  }

  return (
    <>
      <FormField
        label={label}
        errors={errors}
        aside={
          <StyledCounter $over={value.length > MAX_MESSAGE_LENGTH} aria-live="off">
            {t('template.counter', { count: value.length, max: MAX_MESSAGE_LENGTH })}
          </StyledCounter>
        }
      >
        {(control) => <StyledTextarea {...control} ref={area} rows={3} value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId} />}
      </FormField>
      <StyledHelp>
        <summary>{t('template.helpTitle')}</summary>
        <ul>
          {variables.map((variable) => (
            <li key={variable}>
              <StyledToken type="button" onClick={() => insert(variable)} aria-label={t('template.insert', { token: variableToken(variable) })}>
                {variableToken(variable)}
              </StyledToken>
              <span>{t(`template.variables.${variable}`)}</span>
            </li>
          ))}
        </ul>
      </StyledHelp>
      <StyledPreview data-testid={`${testId}-preview`}>
        <StyledPreviewHead>
          <span>
            {t('template.preview')} · {previewCaption}
          </span>
          {hasRandom ? (
            <Button variant="ghost" onClick={() => setRandomIndex((index) => index + 1)}>
              {t('template.anotherRandom')}
            </Button>
          ) : null}
        </StyledPreviewHead>
        <StyledPreviewText>
          <StyledBotName>{t('template.botName')}</StyledBotName>
          {preview.trim() ? preview : t('template.previewEmpty')}
        </StyledPreviewText>
      </StyledPreview>
    </>
  )
}
