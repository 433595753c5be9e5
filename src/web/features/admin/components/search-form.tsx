import { Search } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';

/**
 * The search form above an admin list (users, services): a text field labelled for screen readers,
 * any further controls (`children`, e.g. the users' role select) and the Search button, which hands
 * the text to `onSearch`.
 */
export function SearchForm({
  id,
  label,
  placeholder,
  onSearch,
  children,
}: {
  id: string;
  /** The field's label and the button's text. */
  label: string;
  placeholder: string;
  onSearch: (query: string) => void;
  children?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  return (
    <form
      role="search"
      className="flex flex-wrap gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(search);
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <Input
        id={id}
        className="max-w-xs"
        placeholder={placeholder}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {children}
      <Button type="submit" variant="secondary">
        <Search className="h-4 w-4" aria-hidden="true" />
        {label}
      </Button>
    </form>
  );
}
