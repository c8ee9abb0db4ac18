import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { en, renderUi } from '../../../../tests/support/component'
import { ConfirmDialog } from './confirm-dialog'

const props = { title: 'Delete the command?', message: '!discord will stop answering.', confirmLabel: 'Delete' }

describe('ConfirmDialog', () => {
  it('renders nothing while closed', async () => {
    await renderUi(<ConfirmDialog open={false} {...props} onConfirm={() => {}} onCancel={() => {}} />)
    expect(screen.queryByText(props.message)).toBeNull()
  })

  it('asks before a destructive action: an alert dialog named and described, Cancel focused so Enter never destroys', async () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    const { user } = await renderUi(<ConfirmDialog open {...props} onConfirm={onConfirm} onCancel={onCancel} />)
    const dialog = screen.getByRole('alertdialog', { name: props.title })
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(props.message)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: en('common.cancel') }))
    await user.keyboard('{Enter}')
    expect(onCancel).toHaveBeenCalledOnce()
    expect(onConfirm).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledOnce()
  })

  it('cannot be confirmed or cancelled twice while the action runs', async () => {
    const onConfirm = vi.fn()
    const { user } = await renderUi(<ConfirmDialog open busy {...props} onConfirm={onConfirm} onCancel={() => {}} />)
    const confirm = screen.getByRole('button', { name: 'Delete' })
    expect(confirm.getAttribute('aria-busy')).toBe('true')
    await user.click(confirm)
    expect(onConfirm).not.toHaveBeenCalled()
  })
})
