import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { useHelpFaqQuery } from '../../../gql/graphql';
import { EditToggle, HelpEditorPanel } from '../components/help-editor';
import { FaqView } from '../components/faq-view';
import { SearchBox, SearchOutcome } from '../components/search-box';
import { HELP_PATHS, SEARCH_DEBOUNCE_MS, useDebounced, useHelpLocale, useIsHelpAdmin } from '../lib';

/** /pages/faq: the FAQ with a server-side search, in the UI language; admins edit it here. */
export default function FaqPage({ title }: { title: string }) {
  const { t } = useTranslation('help');
  const locale = useHelpLocale();
  const isAdmin = useIsHelpAdmin();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, previousData, loading, error, refetch } = useHelpFaqQuery({
    variables: { locale, q: q || null },
    fetchPolicy: 'cache-and-network',
  });
  const shown = data ?? previousData;

  return (
    <div aria-labelledby="page-title">
      <PageHeader
        title={title}
        subtitle={
          <>
            {t('faq.subtitle')} <Link to={HELP_PATHS.knowledgeBase}>{t('faq.toKnowledgeBase')}</Link>
          </>
        }
        actions={isAdmin ? <EditToggle editing={editing} onToggle={() => setEditing((v) => !v)} /> : null}
      />
      {editing ? (
        <HelpEditorPanel section="faq" />
      ) : (
        <>
          <SearchBox label={t('faq.search')} value={text} onChange={setText} testId="faq-search" />
          <SearchOutcome
            prefix="faq"
            error={error}
            loaded={Boolean(shown)}
            loading={loading}
            count={shown?.faq.length ?? 0}
            emptyText={q ? t('faq.noMatch', { q }) : t('faq.empty')}
            onRetry={() => void refetch().catch(() => {})}
          >
            {shown ? <FaqView categories={shown.faq} searching={Boolean(q)} /> : null}
          </SearchOutcome>
        </>
      )}
    </div>
  );
}
