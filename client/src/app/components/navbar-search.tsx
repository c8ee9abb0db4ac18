import { type KeyboardEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../components/ui/button';
import { StyledInput } from '../../components/ui/form-control';
import { Icon, type IconName } from '../../components/ui/icon';
import { useDismiss } from '../../components/ui/use-dismiss';
import { useNavbarSearchQuery } from '../../gql/graphql';
import { useAbility } from '../../lib/ability-context';
import { useDebounced } from '../../lib/use-debounced';
import { useLanguage } from '../../lib/use-language';
import { useSession } from '../../lib/use-session';
import { menuPages } from '../navigation';
import { routeAccessOf } from '../route-guard';
import { matchPages } from '../search-pages';

/** The search asks the server this long after the last key press. */
const DEBOUNCE_MS = 250;

type GroupId = 'pages' | 'contacts' | 'articles' | 'faq' | 'products';

interface Option {
  id: string;
  group: GroupId;
  label: string;
  detail?: string;
  icon: IconName;
  route: string;
}

const GROUP_ICONS: Record<Exclude<GroupId, 'pages'>, IconName> = { contacts: 'user', articles: 'list', faq: 'help', products: 'dollar' };

const StyledWrap = styled.div`
  position: relative;
  flex: 1;
  min-width: 0;
  max-width: 32rem;
`;

const StyledTrigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: ${({ theme }) => theme.sizes.control};
  padding: ${({ theme }) => `0 ${theme.space.md}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  cursor: pointer;

  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }

  kbd {
    display: none;
    padding: 0 ${({ theme }) => theme.space.xs};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    font-family: inherit;
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }

  @media ${({ theme }) => theme.media.mdUp} {
    kbd { display: inline; }
  }
`;

const StyledTriggerText = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
`;

const StyledPopup = styled.div`
  position: absolute;
  left: 0;
  top: calc(-1 * ${({ theme }) => theme.space.xs});
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  width: min(32rem, calc(100vw - 2rem));
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: 0 5px 25px ${({ theme }) => theme.colors.shadow};
`;

const StyledListbox = styled.div`
  max-height: min(60vh, 28rem);
  overflow-y: auto;
  margin-top: ${({ theme }) => theme.space.sm};

  ul {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    padding: 0;
    list-style: none;
  }
`;

const StyledGroupLabel = styled.li`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledOption = styled.li<{ $active: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme, $active }) => ($active ? theme.colors.primarySoft : 'transparent')};

  small {
    margin-left: auto;
    padding-left: ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.textMuted};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const StyledStatus = styled.div`
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  color: ${({ theme }) => theme.colors.textMuted};

  &:empty { display: none; }
`;

/** Whether a key press lands in something that takes text (then "/" types a slash). */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The navbar search (ARIA combobox with a grouped listbox): opened by its button, "/" or
 * Ctrl+K (⌘K); arrow keys move, Enter opens, Escape closes and returns focus. Pages are the
 * menu pages the caller may open, matched in the browser; accounts (staff only), FAQ
 * questions, knowledge-base articles and products come from the server (autosuggest).
 */
export function NavbarSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLanguage();
  const { userData, accessToken } = useSession();
  const ability = useAbility();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim().slice(0, 100), DEBOUNCE_MS);
  const wrapRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const id = useId();
  const listboxId = `${id}-listbox`;

  const pages = useMemo(
    () => (userData ? menuPages(routeAccessOf({ ability, accessToken }), userData) : []).map((page) => ({ ...page, title: t(`routes.${page.titleKey}`) })),
    [userData, ability, accessToken, t],
  );
  const { data, previousData, loading, error, refetch } = useNavbarSearchQuery({ variables: { q, locale }, skip: !open || !q, fetchPolicy: 'cache-first' });
  const found = q ? (data ?? previousData)?.autosuggest : undefined;

  const groups = useMemo(() => {
    const list: { id: GroupId; options: Option[] }[] = [
      { id: 'pages', options: matchPages(pages, q).map((p) => ({ id: `page-${p.name}`, group: 'pages', label: p.title, icon: p.icon, route: p.path })) },
      { id: 'contacts', options: (found?.contacts ?? []).map((c) => ({ id: `contact-${c.route}`, group: 'contacts', label: c.name, detail: c.email, icon: GROUP_ICONS.contacts, route: c.route })) },
      { id: 'articles', options: (found?.articles ?? []).map((a) => ({ id: `article-${a.route}`, group: 'articles', label: a.title, detail: a.category, icon: GROUP_ICONS.articles, route: a.route })) },
      { id: 'faq', options: (found?.faq ?? []).map((f) => ({ id: `faq-${f.route}`, group: 'faq', label: f.question, detail: f.category, icon: GROUP_ICONS.faq, route: f.route })) },
      { id: 'products', options: (found?.products ?? []).map((p) => ({ id: `product-${p.route}`, group: 'products', label: p.name, detail: p.brand, icon: GROUP_ICONS.products, route: p.route })) },
    ];
    return list.filter((group) => group.options.length > 0);
  }, [pages, q, found]);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  const activeIndex = options.length ? Math.min(active, options.length - 1) : -1;
  const optionId = (option: Option) => `${id}-${option.id}`.replace(/[^A-Za-z0-9_:-]/g, '_');

  const show = useCallback(() => {
    if (open) return inputRef.current?.focus();
    const focused = document.activeElement;
    returnTo.current = focused instanceof HTMLElement && focused !== document.body ? focused : triggerRef.current;
    setOpen(true);
  }, [open]);
  const close = useCallback(() => {
    setOpen(false);
    setText('');
  }, []);
  const closeAndReturn = useCallback(() => {
    close();
    const target = returnTo.current?.isConnected ? returnTo.current : triggerRef.current;
    target?.focus();
  }, [close]);
  useDismiss(open, close, wrapRef, triggerRef);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // "/" (outside text fields) and Ctrl+K / ⌘K open the search from anywhere.
  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent) {
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
      const combo = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      if (!slash && !combo) return;
      event.preventDefault();
      show();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show]);

  function go(option: Option) {
    close();
    navigate(option.route);
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!options.length) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + options.length) % options.length);
        return;
      }
      case 'Home':
      case 'End':
        if (!options.length || !event.ctrlKey) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : options.length - 1);
        return;
      case 'Enter': {
        const option = options[activeIndex];
        if (!option) return;
        event.preventDefault();
        go(option);
        return;
      }
      case 'Escape':
        event.preventDefault();
        event.nativeEvent.stopImmediatePropagation();
        closeAndReturn();
        return;
    }
  }

  const pending = text.trim() !== q || (Boolean(q) && loading);
  let status: string;
  if (!q && !text.trim()) status = t('search.hint');
  else if (error && q) status = t('search.error');
  else if (pending) status = t('search.loading');
  else if (!options.length) status = t('search.empty', { q });
  else status = t('search.count', { count: options.length });

  return (
    <StyledWrap ref={wrapRef} data-testid="navbar-search">
      <StyledTrigger ref={triggerRef} type="button" onClick={show} aria-haspopup="listbox" aria-expanded={open} data-testid="navbar-search-open">
        <Icon name="search" />
        <StyledTriggerText>{t('search.open')}</StyledTriggerText>
        <kbd aria-hidden="true">/</kbd>
      </StyledTrigger>
      {open ? (
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
              setText(event.target.value);
              setActive(0);
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
                  const index = options.indexOf(option);
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
                  );
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
      ) : null}
    </StyledWrap>
  );
}
