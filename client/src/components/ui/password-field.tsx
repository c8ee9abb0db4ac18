import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { StyledIconButton } from './button'
import { Icon } from './icon'
import { TextField, type TextFieldProps } from './text-field'

/** A password input with a show/hide toggle button. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'addon'>) {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <StyledIconButton
          type="button"
          aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} small />
        </StyledIconButton>
      }
    />
  )
}
