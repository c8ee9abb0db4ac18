import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { en, renderUi } from '../../../../tests/support/component'
import { PasswordField } from './password-field'
import { TextField } from './text-field'

describe('TextField', () => {
  it('ties its label, hint and errors to the input, and marks it invalid only with errors', async () => {
    const { rerender } = await renderUi(<TextField label="Channel name" hint="As on Twitch" />)
    const input = screen.getByLabelText('Channel name')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByText('As on Twitch')).toBeTruthy()

    rerender(<TextField label="Channel name" hint="As on Twitch" errors={['Too long', 'Only letters, digits and _']} />)
    const invalid = screen.getByLabelText('Channel name')
    expect(invalid.getAttribute('aria-invalid')).toBe('true')
    // A screen reader reads each error with the field.
    const described = (invalid.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '')
    expect(described.join(' ')).toContain('Too long')
    expect(described.join(' ')).toContain('Only letters, digits and _')
  })
})

describe('PasswordField', () => {
  it('shows and hides what was typed with a toggle that says its state', async () => {
    const { user } = await renderUi(<PasswordField label="Password" />)
    const input = screen.getByLabelText('Password') as HTMLInputElement
    await user.type(input, 's3cret!')
    expect(input.type).toBe('password')
    const toggle = screen.getByRole('button', { name: en('auth.showPassword') })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    await user.click(toggle)
    expect(input.type).toBe('text')
    expect(input.value).toBe('s3cret!')
    expect(screen.getByRole('button', { name: en('auth.hidePassword') }).getAttribute('aria-pressed')).toBe('true')
  })
})
