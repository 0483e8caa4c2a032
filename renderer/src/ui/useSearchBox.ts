/**
 * A list's search box: what is typed shows at once, the search follows 300 ms after the typing stops (at once on
 * Enter), and a search changed from elsewhere (clearing the filters, the back button) shows in the box.
 */
import { useDebouncedCallback } from '@mantine/hooks';
import { type ChangeEvent, type KeyboardEvent, useEffect, useState } from 'react';

export function useSearchBox(search: string, onSearch: (search: string) => void) {
  const [text, setText] = useState(search);
  const commit = useDebouncedCallback(onSearch, 300);
  useEffect(() => {
    if (!commit.isPending()) setText(search);
  }, [search, commit]);

  return {
    /** For the TextInput. */
    inputProps: {
      type: 'search',
      value: text,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value;
        setText(value);
        commit(value);
      },
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key === 'Enter') commit.flush();
      },
    },
    /** Empties the box (the search itself is the caller's to clear). */
    setText,
    /** The search on its way: `cancel()` drops it. */
    commit,
  };
}
