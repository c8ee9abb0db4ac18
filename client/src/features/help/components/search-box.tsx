import styled from 'styled-components';
import { TextField } from '../../../components/ui/text-field';
import { MAX_QUERY_LENGTH } from '../lib';

const StyledSearch = styled.div`
  max-width: 36rem;
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

/** The search field of the FAQ and the knowledge base; the page debounces and asks the server. */
export function SearchBox({ label, value, onChange, testId }: { label: string; value: string; onChange: (value: string) => void; testId: string }) {
  return (
    <StyledSearch role="search">
      <TextField
        label={label}
        type="search"
        value={value}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </StyledSearch>
  );
}
