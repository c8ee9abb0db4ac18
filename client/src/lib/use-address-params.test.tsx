import { screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { renderUi } from '../../../tests/support/component'
import { useAddressParams } from './use-address-params'

function Filters() {
  const [params, change] = useAddressParams()
  const { search } = useLocation()
  return (
    <>
      <button
        type="button"
        onClick={() => {
          // Two changes before the next render: the second must build on the first.
          change((next) => next.delete('plan'), { replace: true })
          change((next) => next.set('q', 'streamer05'), { replace: true })
        }}
      >
        Search
      </button>
      <output data-testid="address">{search}</output>
      <output data-testid="plan">{params.get('plan') ?? 'any'}</output>
    </>
  )
}

describe('useAddressParams', () => {
  it('applies two changes made before a render, each on top of the one before', async () => {
    const { user } = await renderUi(
      <MemoryRouter initialEntries={['/user/list?plan=Pro&perPage=25']}>
        <Filters />
      </MemoryRouter>,
    )
    expect(screen.getByTestId('plan').textContent).toBe('Pro')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(screen.getByTestId('address').textContent).toBe('?perPage=25&q=streamer05')
    expect(screen.getByTestId('plan').textContent).toBe('any')
  })
})
