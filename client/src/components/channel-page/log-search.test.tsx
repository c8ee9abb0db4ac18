import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderUi } from '../../../../tests/support/component'
import { LogSearch } from './log-search'

describe('LogSearch', () => {
  it('searches the trimmed text with Enter or the button, and nothing while typing', async () => {
    const onSearch = vi.fn()
    const { user } = await renderUi(<LogSearch label="Search the log" findLabel="Find" onSearch={onSearch} />)
    const field = screen.getByRole('textbox', { name: 'Search the log' })
    expect(screen.getByRole('search')).toBeTruthy()
    await user.type(field, '  spammer ')
    expect(onSearch).not.toHaveBeenCalled()
    await user.keyboard('{Enter}')
    expect(onSearch).toHaveBeenLastCalledWith('spammer')
    await user.clear(field)
    await user.click(screen.getByRole('button', { name: 'Find' }))
    expect(onSearch).toHaveBeenLastCalledWith('')
    expect((field as HTMLInputElement).maxLength).toBe(100)
  })
})
