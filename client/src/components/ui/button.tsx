import type { ButtonHTMLAttributes } from 'react'
import { Link } from 'react-router-dom'
import styled, { css } from 'styled-components'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

interface StyledButtonProps {
  $variant: ButtonVariant
  $block: boolean
}

export const StyledButton = styled.button<StyledButtonProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.xl}`};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  cursor: pointer;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  text-decoration: none;
  transition:
    background-color ${({ theme }) => theme.durations.fast},
    box-shadow ${({ theme }) => theme.durations.fast};

  &:disabled {
    opacity: 0.65;
    cursor: not-allowed;
  }

  ${({ $variant, theme }) => {
    switch ($variant) {
      case 'primary':
        return css`
          background: ${theme.colors.primary};
          color: ${theme.colors.onPrimary};
          &:hover:not(:disabled) {
            background: ${theme.colors.primaryHover};
            box-shadow: 0 8px 25px -8px ${theme.colors.primary};
          }
        `
      case 'danger':
        return css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onDanger};
        `
      case 'secondary':
        return css`
          background: transparent;
          color: ${theme.colors.heading};
          border-color: ${theme.colors.border};
          &:hover:not(:disabled) {
            background: ${theme.colors.primarySoft};
          }
        `
      default:
        return css`
          background: transparent;
          color: ${theme.colors.text};
          &:hover:not(:disabled) {
            background: ${theme.colors.primarySoft};
          }
        `
    }
  }}
`

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  block?: boolean
}

export function Button({ variant = 'primary', block = false, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton $variant={variant} $block={block} type={type} {...rest} />
}

/** An icon-only button; `label` becomes its accessible name. */
export const StyledIconButton = styled.button`
  /* Never squeezed below its tap target in a crowded row (a phone's navbar). */
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.sizes.control};
  height: ${({ theme }) => theme.sizes.control};
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.round};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`

/** A router link that looks like a primary button. */
export const StyledButtonLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.xl}`};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.primaryHover};
  }
`
