import type { ReactNode, SelectHTMLAttributes } from 'react'
import { StyledSelect } from './form-control'
import { FormField } from './form-field'

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string
  errors?: readonly string[]
  hint?: ReactNode
  children: ReactNode
}

/** A labelled native select (fully keyboard accessible) with a hint and errors. */
export function SelectField({ label, errors, hint, children, ...select }: SelectFieldProps) {
  return (
    <FormField label={label} errors={errors} hint={hint}>
      {(control) => (
        <StyledSelect {...control} {...select}>
          {children}
        </StyledSelect>
      )}
    </FormField>
  )
}
