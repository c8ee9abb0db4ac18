import type { InputHTMLAttributes, ReactNode } from 'react'
import styled from 'styled-components'
import { StyledInput } from './form-control'
import { FormField } from './form-field'

const StyledInputWrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
`

const StyledAddon = styled.div`
  position: absolute;
  right: ${({ theme }) => theme.space.xs};
  display: flex;
`

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  errors?: readonly string[]
  hint?: ReactNode
  /** Rendered right of the label (e.g. "Forgot password?"). */
  labelAside?: ReactNode
  /** Rendered inside the input on the right (e.g. a show-password button). */
  addon?: ReactNode
  id?: string
}

export function TextField({ label, errors, hint, labelAside, addon, id, ...input }: TextFieldProps) {
  return (
    <FormField label={label} errors={errors} hint={hint} aside={labelAside} id={id}>
      {(control) => (
        <StyledInputWrap>
          <StyledInput {...control} $withAddon={Boolean(addon)} {...input} />
          {addon ? <StyledAddon>{addon}</StyledAddon> : null}
        </StyledInputWrap>
      )}
    </FormField>
  )
}
