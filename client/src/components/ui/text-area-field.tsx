import type { ReactNode, TextareaHTMLAttributes } from 'react'
import { StyledTextarea } from './form-control'
import { FormField } from './form-field'

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string
  errors?: readonly string[]
  hint?: ReactNode
}

export function TextAreaField({ label, errors, hint, ...area }: TextAreaFieldProps) {
  return (
    <FormField label={label} errors={errors} hint={hint}>
      {(control) => <StyledTextarea {...control} {...area} />}
    </FormField>
  )
}
