import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useHelpKnowledgeBaseQuery } from '../../../gql/graphql';
import { EditToggle, HelpEditorPanel } from '../components/help-editor';
import { KbCategoryCard, KbCrumbs, StyledCardGrid } from '../components/kb-parts';
import { SearchBox, SearchOutcome } from '../components/search-box';
import { SEARCH_DEBOUNCE_MS, useDebounced, useHelpLocale, useIsHelpAdmin } from '../lib';

/** The knowledge base's home: its categories with their articles, and a server-side search; admins edit it here. */
export default function KbHomePage({ title }: { title: string }) {
  const { t } = useTranslation('help');
  const locale = useHelpLocale();
  const isAdmin = useIsHelpAdmin();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, previousData, loading, error, refetch } = useHelpKnowledgeBaseQuery({ variables: { locale, q: q || null }, fetchPolicy: 'cache-and-network' });
  const shown = data ?? previousData;

  return (
    <div aria-labelledby="page-title">
      <KbCrumbs />
      <PageHeader title={title} subtitle={t('kb.subtitle')} actions={isAdmin ? <EditToggle editing={editing} onToggle={() => setEditing((v) => !v)} /> : null} />
      {editing ? (
        <HelpEditorPanel section="knowledgeBase" />
      ) : (
        <>
          <SearchBox label={t('kb.search')} value={text} onChange={setText} testId="kb-search" />
          <SearchOutcome
            prefix="kb"
            error={error}
            loaded={Boolean(shown)}
            loading={loading}
            count={shown?.knowledgeBase.length ?? 0}
            emptyText={q ? t('kb.noMatch', { q }) : t('kb.empty')}
            onRetry={() => void refetch().catch(() => {})}
          >
            <StyledCardGrid>
              {shown?.knowledgeBase.map((c) => (
                <KbCategoryCard key={c.id} category={c} />
              ))}
            </StyledCardGrid>
          </SearchOutcome>
        </>
      )}
    </div>
  );
}
