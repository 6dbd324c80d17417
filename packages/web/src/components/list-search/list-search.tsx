import { Button, SearchBar } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import './list-search.css';

interface ListSearchProps {
  placeholder: string;
  /** The term the box opens with (a search started from elsewhere). */
  defaultValue?: string;
  /** The trimmed term on search, '' when cleared; lists go back to their first page with it. */
  onSearch: (term: string) => void;
  /** The list's "add" button, beside the box. */
  add?: { label: string; onClick: () => void; disabled?: boolean };
}

/** The toolbar above a list: a rounded search box that searches on Enter and clears with its cross. */
export function ListSearch({ placeholder, defaultValue, onSearch, add }: ListSearchProps) {
  return (
    <div className="list-toolbar">
      <SearchBar
        className="list-search"
        placeholder={placeholder}
        defaultValue={defaultValue}
        onSearch={(value) => onSearch(value.trim())}
        onClear={() => onSearch('')}
      />
      {add ? (
        <Button
          color="primary"
          size="small"
          className="toolbar-add"
          disabled={add.disabled}
          onClick={add.onClick}
        >
          <AddOutline aria-hidden="true" /> {add.label}
        </Button>
      ) : null}
    </div>
  );
}
