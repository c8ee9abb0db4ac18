import { type KeyboardEvent, type RefObject, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { Button } from '../../components/ui/button'
import { StyledInput } from '../../components/ui/form-control'
import { Icon, type IconName } from '../../components/ui/icon'
import { NavbarSearchDocument } from '../graphql/navbar-search.generated'
import { useQuery } from '@apollo/client/react'
import { useAbility } from '../../lib/ability-context'
import { WithApollo } from '../../lib/apollo-provider'
import { useDebounced } from '../../lib/use-debounced'
import { useLanguage } from '../../lib/use-language'
import { useSession } from '../../lib/use-session'
import { menuPages } from '../navigation'
import { routeAccessOf } from '../route-guard'
import { matchPages } from '../search-pages'
import { StyledGroupLabel, StyledListbox, StyledOption, StyledPopup, StyledStatus } from './navbar-search-parts'

/** The search asks the server this long after the last key press. */
const DEBOUNCE_MS = 250

type GroupId = 'pages' | 'contacts' | 'articles' | 'faq' | 'products'

interface Option {
  id: string
  group: GroupId
  label: string
  detail?: string
  icon: IconName
  route: string
}

const GROUP_ICONS: Record<Exclude<GroupId, 'pages'>, IconName> = { contacts: 'user', articles: 'list', faq: 'help', products: 'dollar' }

interface PopupProps {
  /** The search field, focused when the popup opens (and by the navbar's shortcuts while it is open). */
  inputRef: RefObject<HTMLInputElement | null>
  close: () => void
  /** Closes and gives focus back to where the search was opened from. */
  closeAndReturn: () => void
}

function SearchPopup({ inputRef, close, closeAndReturn }: PopupProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const locale = useLanguage()
  const { userData, accessToken } = useSession()
  const ability = useAbility()
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const q = useDebounced(text.trim().slice(0, 100), DEBOUNCE_MS)
  const id = useId()
  const listboxId = `${id}-listbox`

  const pages = useMemo(
    () => (userData ? menuPages(routeAccessOf({ ability, accessToken }), userData) : []).map((page) => ({ ...page, title: t(`routes.${page.titleKey}`) })),
    [userData, ability, accessToken, t],
  )
  const { data, previousData, loading, error, refetch } = useQuery(NavbarSearchDocument, { variables: { q, locale }, skip: !q, fetchPolicy: 'cache-first' })
  const found = q ? (data ?? previousData)?.autosuggest : undefined

  const groups = useMemo(() => {
    const list: { id: GroupId; options: Option[] }[] = [
      { id: 'pages', options: matchPages(pages, q).map((p) => ({ id: `page-${p.name}`, group: 'pages', label: p.title, icon: p.icon, route: p.path })) },
      {
        id: 'contacts',
        options: (found?.contacts ?? []).map((c) => ({
          id: `contact-${c.route}`,
          group: 'contacts',
          label: c.name,
          detail: c.email,
          icon: GROUP_ICONS.contacts,
          route: c.route,
        })),
      },
      {
        id: 'articles',
        options: (found?.articles ?? []).map((a) => ({
          id: `article-${a.route}`,
          group: 'articles',
          label: a.title,
          detail: a.category,
          icon: GROUP_ICONS.articles,
          route: a.route,
        })),
      },
      {
        id: 'faq',
        options: (found?.faq ?? []).map((f) => ({
          id: `faq-${f.route}`,
          group: 'faq',
          label: f.question,
          detail: f.category,
          icon: GROUP_ICONS.faq,
          route: f.route,
        })),
      },
      {
        id: 'products',
        options: (found?.products ?? []).map((p) => ({
          id: `product-${p.route}`,
          group: 'products',
          label: p.name,
          detail: p.brand,
          icon: GROUP_ICONS.products,
          route: p.route,
        })),
      },
    ]
    return list.filter((group) => group.options.length > 0)
  }, [pages, q, found])
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups])
  const activeIndex = options.length ? Math.min(active, options.length - 1) : -1
  const optionId = (option: Option) => `${id}-${option.id}`.replace(/[^A-Za-z0-9_:-]/g, '_')

  useEffect(() => {
    inputRef.current?.focus()
  }, [inputRef])

  function go(option: Option) {
    close()
    navigate(option.route)
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault()
        if (!options.length) return
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((activeIndex + step + options.length) % options.length)
        return
      }
      case 'Home':
      case 'End':
        if (!options.length || !event.ctrlKey) return
        event.preventDefault()
        setActive(event.key === 'Home' ? 0 : options.length - 1)
        return
      case 'Enter': {
        const option = options[activeIndex]
        if (!option) return
        event.preventDefault()
        go(option)
        return
      }
      case 'Escape':
        event.preventDefault()
        event.nativeEvent.stopImmediatePropagation()
        closeAndReturn()
        return
    }
  }

  const pending = text.trim() !== q || (Boolean(q) && loading)
  let status: string
  if (!q && !text.trim()) status = t('search.hint')
  else if (error && q) status = t('search.error')
  else if (pending) status = t('search.loading')
  else if (!options.length) status = t('search.empty', { q })
  else status = t('search.count', { count: options.length })

  return (
    <StyledPopup role="search" aria-label={t('search.label')}>
      <StyledInput
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label={t('search.label')}
        aria-autocomplete="list"
        aria-expanded={options.length > 0}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(options[activeIndex]!) : undefined}
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        placeholder={t('search.placeholder')}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setActive(0)
        }}
        onKeyDown={onInputKeyDown}
        data-testid="navbar-search-input"
      />
      <StyledListbox role="listbox" id={listboxId} aria-label={t('search.results')} onMouseDown={(event) => event.preventDefault()}>
        {groups.map((group) => (
          <ul key={group.id} role="group" aria-labelledby={`${id}-${group.id}`} data-testid={`search-group-${group.id}`}>
            <StyledGroupLabel role="presentation" id={`${id}-${group.id}`}>
              {t(`search.groups.${group.id}`)}
            </StyledGroupLabel>
            {group.options.map((option) => {
              const index = options.indexOf(option)
              return (
                <StyledOption
                  key={option.id}
                  id={optionId(option)}
                  role="option"
                  aria-selected={index === activeIndex}
                  $active={index === activeIndex}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  onClick={() => go(option)}
                  data-testid="search-option"
                >
                  <Icon name={option.icon} small />
                  <span>{option.label}</span>
                  {option.detail ? <small>{option.detail}</small> : null}
                </StyledOption>
              )
            })}
          </ul>
        ))}
      </StyledListbox>
      <StyledStatus role="status" data-testid="navbar-search-status">
        {status}
      </StyledStatus>
      {error && q && !pending ? (
        <Button variant="secondary" onClick={() => void refetch().catch(() => {})} data-testid="navbar-search-retry">
          {t('search.retry')}
        </Button>
      ) : null}
    </StyledPopup>
  )
}

/** The open navbar search, with the Apollo client for the server's autosuggest. */
export default function NavbarSearchPopup(props: PopupProps) {
  return (
    <WithApollo>
      <SearchPopup {...props} />
    </WithApollo>
  )
}
