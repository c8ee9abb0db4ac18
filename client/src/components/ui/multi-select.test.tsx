import { screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderUi } from '../../../../tests/support/component'
import { MultiSelect } from './multi-select'

const PEOPLE = [
  { value: 'admin@demo.local', label: 'Demo Admin' },
  { value: 'reseller@demo.local', label: 'Demo Reseller' },
  { value: 'client@demo.local', label: 'Demo Client' },
]

/** Found as the mailbox finds recipients: the search narrows the options, the chosen stay. */
function Recipients({ initial = [] as string[] }) {
  const [value, setValue] = useState<string[]>(initial)
  const [q, setQ] = useState('')
  const options = PEOPLE.filter((p) => p.label.toLowerCase().includes(q.toLowerCase()))
  return (
    <>
      <MultiSelect
        label="To"
        name="to"
        options={options}
        value={value}
        onChange={setValue}
        search={{ label: 'Find a person', value: q, onChange: setQ }}
        empty="Nobody found"
        testId="recipients-to"
      />
      <output data-testid="chosen">{value.join(',')}</output>
    </>
  )
}

const chosen = () => screen.getByTestId('chosen').textContent

describe('MultiSelect', () => {
  it('is a group named by its legend, with its search field and a checkbox per option, none a native multiple select', async () => {
    await renderUi(<Recipients />)
    const group = screen.getByRole('group', { name: 'To' })
    expect(within(group).getByRole('searchbox', { name: 'Find a person' })).toBeTruthy()
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('name')),
    ).toEqual(['to', 'to', 'to'])
    expect(within(group).getByRole('checkbox', { name: 'Demo Reseller' })).toBeTruthy()
    expect(document.querySelector('select')).toBeNull()
  })

  it('picks and unpicks from the keyboard alone: Tab to an option, Space to tick it', async () => {
    const { user } = await renderUi(<Recipients />)
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Find a person' }))
    await user.tab()
    await user.tab()
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Demo Reseller' }))
    await user.keyboard(' ')
    expect(chosen()).toBe('reseller@demo.local')
    await user.tab()
    await user.keyboard(' ')
    expect(chosen()).toBe('reseller@demo.local,client@demo.local')
    await user.keyboard(' ')
    expect(chosen()).toBe('reseller@demo.local')
  })

  it('keeps the chosen options listed, ticked and named, while the search narrows the others, and says when nothing matches', async () => {
    const { user } = await renderUi(<Recipients initial={['old@example.com']} />)
    const boxes = () => screen.getAllByRole('checkbox') as HTMLInputElement[]
    // A chosen address the options do not hold (a stored draft's) is shown as it is, first.
    expect(boxes().map((b) => [b.value, b.checked])).toEqual([
      ['old@example.com', true],
      ['admin@demo.local', false],
      ['reseller@demo.local', false],
      ['client@demo.local', false],
    ])
    await user.click(screen.getByRole('checkbox', { name: 'Demo Client' }))
    await user.type(screen.getByRole('searchbox'), 'Res')
    // The chosen client, not found by "Res", stays listed, ticked, with the name it was ticked by.
    expect(boxes().map((b) => [b.value, b.checked])).toEqual([
      ['old@example.com', true],
      ['client@demo.local', true],
      ['reseller@demo.local', false],
    ])
    await user.click(screen.getByRole('checkbox', { name: 'Demo Reseller' }))
    expect(chosen()).toBe('old@example.com,client@demo.local,reseller@demo.local')
    await user.click(screen.getByRole('checkbox', { name: 'Demo Client' }))
    await user.click(screen.getByRole('checkbox', { name: 'old@example.com' }))
    await user.click(screen.getByRole('checkbox', { name: 'Demo Reseller' }))
    await user.clear(screen.getByRole('searchbox'))
    await user.type(screen.getByRole('searchbox'), 'zzz')
    expect(screen.queryAllByRole('checkbox')).toEqual([])
    expect(screen.getByText('Nobody found')).toBeTruthy()
  })
})
