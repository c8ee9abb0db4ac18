import { screen, within } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderUi } from '../../../../tests/support/component'
import { RadioGroup } from './radio-group'

const OPTIONS = [
  { value: 'manual', label: 'When I close it' },
  { value: 'timer', label: 'After a timer', testId: 'close-timer' },
] as const

function Controlled({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState<'manual' | 'timer'>('manual')
  return <RadioGroup legend="Close" options={OPTIONS} value={value} onChange={(next) => (setValue(next), onChange(next))} />
}

describe('RadioGroup', () => {
  it('is a group named by its legend, each radio named by its label, the value checked', async () => {
    await renderUi(<RadioGroup legend="Close" options={OPTIONS} value="timer" onChange={() => {}} />)
    const group = screen.getByRole('radiogroup', { name: 'Close' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, true])
    expect(within(group).getByRole('radio', { name: 'After a timer' })).toBe(screen.getByTestId('close-timer'))
    // One name for the group's radios (the browser moves between them with the arrow keys), none shared with another group.
    const names = new Set(radios.map((r) => (r as HTMLInputElement).name))
    expect(names.size).toBe(1)
    expect([...names][0]).not.toBe('')
  })

  it('two groups on one form do not share their radios', async () => {
    await renderUi(
      <>
        <RadioGroup legend="Entry" options={[{ value: 'a', label: 'A' }]} value="a" onChange={() => {}} />
        <RadioGroup legend="Close" options={OPTIONS} value="manual" onChange={() => {}} />
      </>,
    )
    const nameOf = (group: string) => (within(screen.getByRole('radiogroup', { name: group })).getAllByRole('radio')[0] as HTMLInputElement).name
    expect(nameOf('Entry')).not.toBe(nameOf('Close'))
    expect((screen.getByRole('radio', { name: 'A' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('radio', { name: 'When I close it' }) as HTMLInputElement).checked).toBe(true)
  })

  it('changes the choice by click and by keyboard, telling the value', async () => {
    const onChange = vi.fn()
    const { user } = await renderUi(<Controlled onChange={onChange} />)
    await user.click(screen.getByRole('radio', { name: 'After a timer' }))
    expect(onChange).toHaveBeenLastCalledWith('timer')
    expect((screen.getByRole('radio', { name: 'After a timer' }) as HTMLInputElement).checked).toBe(true)
    await user.click(screen.getByText('When I close it'))
    expect(onChange).toHaveBeenLastCalledWith('manual')
    screen.getByRole('radio', { name: 'When I close it' }).focus()
    await user.keyboard(' ')
    expect((screen.getByRole('radio', { name: 'When I close it' }) as HTMLInputElement).checked).toBe(true)
  })
})
