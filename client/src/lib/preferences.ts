/**
 * UI preferences kept in localStorage: skin (light | dark, default light; the `dark`
 * class is put on <html>) and layout type (vertical | horizontal) for app pages.
 */
import { useSyncExternalStore } from 'react'
import { STORAGE_KEYS, readItem, writeItem } from './storage'

export type Skin = 'light' | 'dark'
export type LayoutType = 'vertical' | 'horizontal'

type Listener = () => void
const listeners = new Set<Listener>()

function subscribe(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function emit(): void {
  for (const listener of listeners) listener()
}

export function getSkin(): Skin {
  return readItem(STORAGE_KEYS.skin) === 'dark' ? 'dark' : 'light'
}

export function applySkinClass(skin: Skin): void {
  if (typeof document === 'undefined') return
  document.documentElement.classList.toggle('dark', skin === 'dark')
  document.documentElement.style.colorScheme = skin
}

export function setSkin(skin: Skin): void {
  writeItem(STORAGE_KEYS.skin, skin)
  applySkinClass(skin)
  emit()
}

export function getLayoutType(): LayoutType | null {
  const stored = readItem(STORAGE_KEYS.layout)
  return stored === 'vertical' || stored === 'horizontal' ? stored : null
}

export function setLayoutType(layout: LayoutType): void {
  writeItem(STORAGE_KEYS.layout, layout)
  emit()
}

export function useSkin(): Skin {
  return useSyncExternalStore(subscribe, getSkin, getSkin)
}

export function useLayoutType(): LayoutType | null {
  return useSyncExternalStore(subscribe, getLayoutType, getLayoutType)
}
