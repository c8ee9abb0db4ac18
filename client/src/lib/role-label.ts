import type { TFunction } from 'i18next'

export function roleLabel(t: TFunction, role: string | null | undefined): string {
  switch (role) {
    case 'admin':
    case 'client':
    case 'reseller':
      return t(`roles.${role}`)
    default:
      return t('roles.unknown')
  }
}
